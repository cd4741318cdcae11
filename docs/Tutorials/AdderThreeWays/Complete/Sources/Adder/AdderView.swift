import GtkKit

/// What the view tells the object that acts for it, and asks it: seed 001's
/// `CustomViewDelegate`.
@MainActor
protocol AdderViewDelegate: AnyObject {
    /// Add was pressed with these two texts in the fields.
    func setTotalVal(_ first: String, _ second: String)
    /// What to show now.
    func getTotalVal() -> AdderView.Display
}

/// Seed 001's `CustomView`: two fields, an Add button and the sum, laid out in AdderView.ui.
@MainActor
final class AdderView {
    /// What the view can show: a sum, or a sentence and the field it is about, if any.
    enum Display {
        case total(String)
        case failure(String, field: AdderField? = nil)
    }

    weak var delegate: AdderViewDelegate?

    private let builder = Builder(file: "AdderView.ui")
    let root: Widget
    private let firstEntry: Entry
    private let secondEntry: Entry
    private let addButton: Button
    private let sumLabel: Label
    private let errorLabel: Label

    init() {
        root = builder.object("root")
        firstEntry = builder.object("first_entry")
        secondEntry = builder.object("second_entry")
        addButton = builder.object("add_button")
        sumLabel = builder.object("sum_label")
        errorLabel = builder.object("error_label")
        addButton.on(.clicked, target: self, action: AdderView.addPressed)
    }

    private func addPressed() {
        delegate?.setTotalVal(firstEntry.text, secondEntry.text)
        if let display = delegate?.getTotalVal() { show(display) }
    }

    func show(_ display: Display) {
        switch display {
        case .total(let sum):
            sumLabel.text = sum
            errorLabel.isVisible = false
            mark(nil)
        case .failure(let message, let field):
            sumLabel.text = "–"
            errorLabel.text = message
            errorLabel.isVisible = true
            mark(field)
        }
    }

    /// Outlines the field a problem is about in red, and puts the cursor in it.
    private func mark(_ field: AdderField?) {
        firstEntry.setStyleClass("error", field == .first)
        secondEntry.setStyleClass("error", field == .second)
        if field == .first { firstEntry.grabFocus() }
        if field == .second { secondEntry.grabFocus() }
    }
}
