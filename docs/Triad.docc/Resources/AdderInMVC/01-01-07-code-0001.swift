import GtkKit
import TriadModel

/// Seed 001's `ViewController`: it has a view, becomes the view's delegate, and forwards to the
/// model (the seed's `CustomModel`, here `AdderModel`).
@MainActor
final class AdderViewController: AdderViewDelegate {
    let view = AdderView()
    /// A `var`, so that another model can stand in (the Messages pane's recorder).
    var model: any AdderModelProtocol = AdderModel()

    init() {
        view.delegate = self
    }

    // MARK: AdderViewDelegate

    func setTotalVal(_ first: String, _ second: String) {
        try? model.set(first, second)
    }

    func getTotalVal() -> AdderView.Display {
        do {
            return .total(String(try model.total()))
        } catch {
            return .failure(message: error.message, field: error.field)
        }
    }
}
