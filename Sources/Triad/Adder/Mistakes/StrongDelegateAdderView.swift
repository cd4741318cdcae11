import GtkKit
import TriadModel

/// The classic mistake of seed 001's view: `AdderView` with its delegate held strongly. The
/// controller holds its view and the view holds the controller, so each keeps the other alive
/// and neither is ever freed: every controller made for this view stays behind. Only the
/// `delegate` line differs from AdderView.swift.
@MainActor
final class StrongDelegateAdderView: AdderViewProtocol {
    var delegate: AdderViewDelegate?
    let widgets = AdderWidgets()

    init() {
        // Target-action: the button's "clicked" signal calls this view's `addPressed`.
        widgets.addButton.on(.clicked, target: self, action: StrongDelegateAdderView.addPressed)
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
