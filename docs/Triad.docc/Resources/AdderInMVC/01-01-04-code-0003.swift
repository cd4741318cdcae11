import GtkKit
import TriadModel

/// The adder's widgets (AdderView.ui), the same for its three patterns: two number fields, Add,
/// the sum and the error. Each pattern's view (MVC/, MVP/, MVVM/) wires them its own way; this
/// only finds them and shows a sum or an error.
@MainActor
final class AdderWidgets {
    private let builder = Builder(resource: AppInfo.ui("AdderView.ui"))
    let root: Widget
    let addButton: Button
    let firstEntry: Entry
    let secondEntry: Entry
    private let sumLabel: Label
    private let errorLabel: Label

    init() {
        root = builder.object("root")
        addButton = builder.object("add_button")
        firstEntry = builder.object("first_entry")
        secondEntry = builder.object("second_entry")
        sumLabel = builder.object("sum_label")
        errorLabel = builder.object("error_label")
    }

    func showSum(_ text: String) {
        mark(nil, message: "")
        sumLabel.text = text
        // A sum can be selected and copied; the dash shown before the first one cannot.
        sumLabel.isSelectable = text != "–"
        errorLabel.isVisible = false
    }

    /// The error under the fields; the field it belongs to is marked and takes the focus.
    func showError(_ message: String, field: AdderField?) {
        sumLabel.text = "–"
        errorLabel.text = message
        errorLabel.isVisible = true
        mark(field, message: message)
        if let field { entry(field).grabFocus() }
    }

    private func entry(_ field: AdderField) -> Entry {
        field == .first ? firstEntry : secondEntry
    }

    /// Marks `field` (and only it) as wrong, its description saying why.
    private func mark(_ field: AdderField?, message: String) {
        for candidate in [AdderField.first, .second] {
            entry(candidate).setStyleClass("error", candidate == field)
            entry(candidate).accessibleDescription = candidate == field ? message : ""
        }
    }
}
