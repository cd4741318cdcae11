/// Seed 001's `ViewController`: it makes the view, becomes its delegate, and passes what the
/// view says on to the model.
@MainActor
final class AdderViewController: AdderViewDelegate {
    let view = AdderView()
    private let model = AdderModel()
    /// Why the last numbers could not be set, if they could not.
    private var inputError: AdderError?

    init() {
        view.delegate = self
    }

    func setTotalVal(_ first: String, _ second: String) {
        do {
            try model.set(first, second)
            inputError = nil
        } catch {
            inputError = error
        }
    }

    func getTotalVal() -> AdderView.Display {
        if let inputError { return display(inputError) }
        do {
            return .total(String(try model.total()))
        } catch {
            return display(error)
        }
    }

    /// The view's words for a problem: the model's sentence, and the field to mark.
    private func display(_ error: AdderError) -> AdderView.Display {
        .failure(error.message, field: error.field)
    }
}
