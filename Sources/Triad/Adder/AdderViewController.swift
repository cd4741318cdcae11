import GtkKit
import TriadModel

/// Seed 001's `ViewController`: creates the view, becomes its delegate, forwards to the model
/// (`CustomModel` → `AdderModel`) and turns the model's answer into something to show.
@MainActor
final class AdderViewController: PageController, AdderViewDelegate {
    private let model = AdderModel()
    private let view: AdderView
    private let store: Store
    private var pendingError: AdderError?

    init(context: PageContext) throws(BuilderError) {
        view = try AdderView()
        store = context.services.store
        view.delegate.connect(self)
        // The seed suggests persistent storage for the numbers: show the last ones used.
        if let first = store.setting("adder.first"), let second = store.setting("adder.second") {
            view.setTexts(first, second)
        }
    }

    var root: WidgetPointer { view.root }
    var defaultButton: WidgetPointer? { view.addButton }

    // MARK: AdderViewDelegate

    func setTotalVal(_ first: String, _ second: String) {
        // Remembering the inputs is a convenience: a failure never holds up the sum, but the page
        // says so (and the next Add tries again).
        store.writes.write({ database in
            try Store.setSetting("adder.first", first, in: database)
            try Store.setSetting("adder.second", second, in: database)
        }, then: { [weak self] error in
            self?.view.showStorageProblem(error?.explained(L("The numbers were not remembered for next time; the sum is still right.")))
        })
        do {
            MessageLog.shared.record(.controller, .model, .call, "model.set(\"\(first)\", \"\(second)\")")
            try model.set(first, second)
            pendingError = nil
        } catch {
            pendingError = error
        }
    }

    func getTotalVal() -> AdderView.Display {
        if let pendingError { return display(pendingError) }
        do {
            MessageLog.shared.record(.controller, .model, .call, "model.total()")
            return .total(String(try model.total()))
        } catch {
            return display(error)
        }
    }

    private func display(_ error: AdderError) -> AdderView.Display {
        let field: AdderView.Field? = switch error.field {
        case .first: .first
        case .second: .second
        case nil: nil
        }
        return .failure(message: error.message, field: field)
    }
}
