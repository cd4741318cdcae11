import GtkKit
import TriadModel

/// Seed 001's `ViewController`: it has a view, becomes the view's delegate, and forwards to the
/// model (the seed's `CustomModel`, here `AdderModel`).
@MainActor
final class AdderViewController: AdderViewDelegate {
    let view = AdderView()
    /// A `var`, so that another model can stand in (the Messages pane's recorder).
    var model: any AdderModelProtocol = AdderModel()
    private let store: Store
    /// Why the last numbers could not be summed, if they could not.
    private var inputError: AdderError?

    init(store: Store) {
        self.store = store
        view.delegate = self
        // The seed suggests persistent storage for the numbers: show the last ones used.
        if let first = store.setting("adder.first"), let second = store.setting("adder.second") {
            view.widgets.firstEntry.text = first
            view.widgets.secondEntry.text = second
        }
    }

    // MARK: AdderViewDelegate

    func setTotalVal(_ first: String, _ second: String) {
        do {
            try model.set(first, second)
            inputError = nil
        } catch {
            inputError = error
        }
        remember(first, second)
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

    /// Keeps what was typed for the next start. A convenience: a failure never holds up the sum,
    /// but the page says so (and the next Add tries again).
    private func remember(_ first: String, _ second: String) {
        store.writes.write(
            { database in
                try Store.setSetting("adder.first", first, in: database)
                try Store.setSetting("adder.second", second, in: database)
            },
            then: { [weak self] error in
                self?.view.widgets.showStorageProblem(
                    error?.explained(L("The numbers were not remembered for next time; the sum is still right.")))
            })
    }
}
