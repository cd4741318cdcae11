import CGtk
import GtkKit

/// Seed 001's `CustomViewDelegate`: class-bound, so that the view can hold its delegate weakly
/// (the controller owns the view; a strong reference back would be a cycle).
@MainActor
protocol AdderViewDelegate: AnyObject {
    /// The user asked for the sum of these two texts (the seed's `setTotalVal(_:_:)`).
    func setTotalVal(_ first: String, _ second: String)
    /// What to show for that request (the seed's `getTotalVal()`).
    func getTotalVal() -> AdderView.Display
}

/// Seed 001's `CustomView`: two number fields, an Add button and the sum (AdderView.ui). It knows
/// nothing of the model: it tells its delegate what was typed and shows what the delegate answers.
@MainActor
class AdderView {
    enum Field { case first, second }
    enum Display {
        case total(String)
        case failure(message: String, field: Field?)
    }

    weak var delegate: AdderViewDelegate?

    private let builder = Builder(resource: AppInfo.ui("AdderView.ui"))
    let root: WidgetPointer
    let addButton: WidgetPointer
    private let firstEntry: UnsafeMutablePointer<GtkEntry>
    private let secondEntry: UnsafeMutablePointer<GtkEntry>
    private let sumLabel: UnsafeMutablePointer<GtkLabel>
    private let errorLabel: UnsafeMutablePointer<GtkLabel>
    private let storageLabel: UnsafeMutablePointer<GtkLabel>

    init() {
        root = builder.object("root")
        addButton = builder.object("add_button")
        firstEntry = builder.object("first_entry")
        secondEntry = builder.object("second_entry")
        sumLabel = builder.object("sum_label")
        errorLabel = builder.object("error_label")
        storageLabel = builder.object("storage_label")
        // Target-action: the button's "clicked" signal calls this view's `addPressed`.
        addButton.on(.clicked, target: self, action: AdderView.addPressed)
    }

    private func addPressed() {
        delegate?.setTotalVal(firstEntry.text, secondEntry.text)
        if let display = delegate?.getTotalVal() { show(display) }
    }

    /// The texts in the fields (kept for the next start).
    func setTexts(_ first: String, _ second: String) {
        firstEntry.text = first
        secondEntry.text = second
    }

    func show(_ display: Display) {
        mark(.first, false)
        mark(.second, false)
        switch display {
        case .total(let text):
            sumLabel.text = text
            // A sum can be selected and copied; the dash shown before the first one cannot.
            gtk_label_set_selectable(sumLabel, 1)
            errorLabel.isVisible = false
        case .failure(let message, let field):
            sumLabel.text = "–"
            errorLabel.text = message
            errorLabel.isVisible = true
            if let field {
                mark(field, true)
                entry(field).setAccessibleDescription(message)
                entry(field).grabFocus()
            }
        }
    }

    /// Why the numbers could not be kept for the next start (nil hides it); the sum is unaffected.
    func showStorageProblem(_ message: String?) {
        storageLabel.text = message ?? ""
        storageLabel.isVisible = message != nil
    }

    private func entry(_ field: Field) -> UnsafeMutablePointer<GtkEntry> {
        field == .first ? firstEntry : secondEntry
    }

    private func mark(_ field: Field, _ invalid: Bool) {
        entry(field).setStyleClass("error", invalid)
        if !invalid { entry(field).setAccessibleDescription("") }
    }
}
