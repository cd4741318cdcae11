import CGtk
import GtkKit
import TriadModel

/// Seed 001's `CustomViewDelegate`: class-bound so the view can hold it weakly (the controller
/// owns the view; a strong reference back would be a cycle).
@MainActor
protocol AdderViewDelegate: AnyObject {
    /// The user asked for a sum of these two texts (the seed's `setTotalVal(_:_:)`).
    func setTotalVal(_ first: String, _ second: String)
    /// What to show for that request (the seed's `getTotalVal()`).
    func getTotalVal() -> AdderView.Display
}

/// Seed 001's `CustomView`: two number fields, an Add button and the sum. It knows nothing of the
/// model: it reports what was typed to its delegate and shows what the delegate hands back.
@MainActor
final class AdderView {
    enum Field { case first, second }
    enum Display {
        case total(String)
        case failure(message: String, field: Field?)
    }

    /// Its controller, told what was typed and asked what to show (held weakly; every message
    /// is a delegate message, recorded for the Messages pane).
    let delegate = Delegation<AdderViewDelegate>(from: .view, to: .controller)
    private let ui: UIDescription
    let root: WidgetPointer
    let addButton: WidgetPointer
    private let firstEntry: UnsafeMutablePointer<GtkEntry>
    private let secondEntry: UnsafeMutablePointer<GtkEntry>
    private let sumLabel: UnsafeMutablePointer<GtkLabel>
    private let errorLabel: UnsafeMutablePointer<GtkLabel>
    private let storageLabel: UnsafeMutablePointer<GtkLabel>

    init() throws(BuilderError) {
        ui = try UIDescription(resource: AppInfo.ui("AdderView.ui"))
        ui.setAccessibleNames([
            "first_entry": L("First number"),
            "second_entry": L("Second number"),
            "add_button": L("Add"),
            "error_label": L("Adder error"),
            "storage_label": L("Adder storage status"),
            "sum_label": L("Sum result"),
        ])
        root = ui.widget("root")
        addButton = ui.widget("add_button")
        firstEntry = ui.get("first_entry")
        secondEntry = ui.get("second_entry")
        sumLabel = ui.get("sum_label")
        errorLabel = ui.get("error_label")
        storageLabel = ui.get("storage_label")
        // Target-action: the button's "clicked" signal goes to this view's action method.
        addButton.on(.clicked, target: self, action: AdderView.addPressed)
    }

    /// The texts currently in the fields (to keep them across restarts).
    var texts: (first: String, second: String) { (firstEntry.text, secondEntry.text) }

    func setTexts(_ first: String, _ second: String) {
        firstEntry.text = first
        secondEntry.text = second
    }

    private func addPressed() {
        let (first, second) = (firstEntry.text, secondEntry.text)
        delegate.tell("setTotalVal(\"\(first)\", \"\(second)\")") { $0.setTotalVal(first, second) }
        guard let display = delegate.tell("getTotalVal()", { $0.getTotalVal() }) else { return }
        show(display)
    }

    func show(_ display: Display) {
        MessageLog.shared.record(.view, .view, .viewUpdate, "show(\(display))")
        mark(.first, false)
        mark(.second, false)
        switch display {
        case .total(let text):
            sumLabel.text = text
            // A sum can be selected and copied; the dash before the first one is not worth it. A
            // selectable label has a window of its own with the text cursor, which GDK loads from
            // the cursor theme and sends to the X server: work the first frame is spared (#16).
            gtk_label_set_selectable(sumLabel, 1)
            errorLabel.text = ""
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

    /// Why the numbers could not be remembered for next time (nil hides it); the sum is
    /// unaffected.
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
