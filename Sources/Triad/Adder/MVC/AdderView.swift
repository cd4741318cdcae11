import GtkKit
import TriadModel

/// Seed 001's `CustomViewDelegate`: class-bound, so that the view can hold its delegate weakly
/// (the controller owns the view; a strong reference back would be a cycle).
@MainActor
protocol AdderViewDelegate: AnyObject {
    /// The user asked for the sum of these two texts (the seed's `setTotalVal(_:_:)`).
    func setTotalVal(_ first: String, _ second: String)
    /// What to show for that request (the seed's `getTotalVal()`).
    func getTotalVal() -> AdderView.Display
}

/// What the controller asks of its view. A protocol, as the model's is: another view can be
/// given in its place.
@MainActor
protocol AdderViewProtocol: AnyObject {
    var delegate: AdderViewDelegate? { get set }
    var widgets: AdderWidgets { get }
    func show(_ display: AdderView.Display)
    func showNumbers(_ first: String, _ second: String)
    func showStorageProblem(_ message: String?)
}

/// Seed 001's `CustomView`: two number fields, an Add button and the sum (the widgets of
/// AdderView.ui). It knows nothing of the model: it tells its delegate what was typed and shows
/// what the delegate answers.
@MainActor
final class AdderView: AdderViewProtocol {
    weak var delegate: AdderViewDelegate?
    let widgets = AdderWidgets()

    init() {
        // Target-action: the button's "clicked" signal calls this view's `addPressed`.
        widgets.addButton.on(.clicked, target: self, action: AdderView.addPressed)
    }

    private func addPressed() {
        delegate?.setTotalVal(widgets.firstEntry.text, widgets.secondEntry.text)
        if let display = delegate?.getTotalVal() { show(display) }
    }

    func show(_ display: AdderView.Display) {
        switch display {
        case .total(let text): widgets.showSum(text)
        case .failure(let message, let field): widgets.showError(message, field: field)
        }
    }

    /// Fills the two fields (the numbers kept from the last start).
    func showNumbers(_ first: String, _ second: String) {
        widgets.firstEntry.text = first
        widgets.secondEntry.text = second
    }

    /// Why the numbers could not be kept for the next start (nil hides it).
    func showStorageProblem(_ message: String?) {
        widgets.showStorageProblem(message)
    }
}

extension AdderView {
    /// What the view shows for a request: the sum, or why there is none and which field is wrong.
    enum Display {
        case total(String)
        case failure(message: String, field: AdderField?)
    }
}
