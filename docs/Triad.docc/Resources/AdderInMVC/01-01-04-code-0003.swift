/// Seed 001's `ViewController`: it makes the view, becomes its delegate, and passes what the
/// view says on to the model.
@MainActor
final class AdderViewController: AdderViewDelegate {
    let view = AdderView()
    private let model = AdderModel()

    init() {
        view.delegate = self
    }

    func setTotalVal(_ first: String, _ second: String) {
        try? model.set(first, second)
    }

    func getTotalVal() -> AdderView.Display {
        do {
            return .total(String(try model.total()))
        } catch {
            return .failure("The sum does not fit")
        }
    }
}
