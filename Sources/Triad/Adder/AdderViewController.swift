import GtkKit
import TriadModel

/// Seed 001's `ViewController`: creates the view, becomes its delegate, forwards to the model
/// (`CustomModel` → `AdderModel`) and turns the model's answer into something to show.
@MainActor
final class AdderViewController: PageController, AdderViewDelegate {
    private let model = AdderModel()
    private let view: AdderView
    private var pendingError: AdderError?

    init(context: PageContext) throws(BuilderError) {
        view = try AdderView()
        view.delegate = self
    }

    var root: WidgetPointer { view.root }
    var defaultButton: WidgetPointer? { view.addButton }

    // MARK: AdderViewDelegate

    func setTotalVal(_ first: String, _ second: String) {
        do {
            try model.set(first, second)
            pendingError = nil
        } catch {
            pendingError = error
        }
    }

    func getTotalVal() -> AdderView.Display {
        if let pendingError { return display(pendingError) }
        do {
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
