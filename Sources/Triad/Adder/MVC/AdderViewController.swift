import GtkKit
import TriadModel

/// Seed 001's `ViewController`: it has a view, becomes the view's delegate, and forwards to the
/// model (the seed's `CustomModel`, here `AdderModel`).
@MainActor
final class AdderViewController: AdderViewDelegate {
    let view: any AdderViewProtocol
    let model: any AdderModelProtocol
    /// The numbers kept for the next start (the seed suggests persistent storage for them).
    private let lastNumbers: LastNumbers
    /// Why the last numbers could not be summed, if they could not.
    private var inputError: AdderError?

    init(store: Store, model: any AdderModelProtocol = AdderModel(), view: any AdderViewProtocol = AdderView()) {
        self.view = view
        self.model = model
        lastNumbers = LastNumbers(store: store)
        view.delegate = self
        if let saved = lastNumbers.saved { view.showNumbers(saved.first, saved.second) }
    }

    // MARK: AdderViewDelegate

    func setTotalVal(_ first: String, _ second: String) {
        do {
            try model.set(first, second)
            inputError = nil
        } catch {
            inputError = error
        }
        // Kept for the next start; a failure never holds up the sum, but the page says so.
        lastNumbers.remember(first, second, then: { [weak view] in view?.showStorageProblem($0) })
    }

    func getTotalVal() -> AdderView.Display {
        if let inputError { return display(inputError) }
        do {
            return .total(String(try model.total()))
        } catch {
            return display(error)
        }
    }

    private func display(_ error: AdderError) -> AdderView.Display {
        .failure(message: error.message, field: error.field)
    }
}
