import GtkKit
import TriadModel

/// Seed 000's `AddressView`: four labelled fields, each with an error line beneath, a status
/// line, and Save / Revert (AddressView.ui). Passive: its controller wires the buttons and the
/// fields to its own methods, fills the fields and shows what it is told.
@MainActor
final class AddressView {
    private let builder = Builder(resource: AppInfo.ui("AddressView.ui"))
    let root: Widget
    let saveButton: Button
    let revertButton: Button
    private let statusLabel: Label
    private var fields: [AddressField: (entry: Entry, error: Label)] = [:]

    init() {
        root = builder.object("root")
        saveButton = builder.object("save_button")
        revertButton = builder.object("revert_button")
        statusLabel = builder.object("status_label")
        for (field, id) in [(AddressField.street, "street"), (.city, "city"), (.state, "state"), (.postalCode, "postal")] {
            fields[field] = (builder.object("\(id)_entry"), builder.object("\(id)_error"))
        }
    }

    /// The four text fields, for the controller to wire.
    var entries: [Entry] { AddressField.allCases.compactMap { fields[$0]?.entry } }

    /// What the fields hold now.
    var form: AddressForm {
        AddressForm(fields.mapValues { $0.entry.text })
    }

    /// Fills the fields (empty when there is no address yet) and clears any errors.
    func show(_ form: AddressForm) {
        for (field, widgets) in fields where widgets.entry.text != form[field] { widgets.entry.text = form[field] }
        showProblems([])
    }

    /// Shows each problem next to its field and focuses the first such field.
    func showProblems(_ problems: [FieldProblem]) {
        for field in AddressField.allCases {
            guard let widgets = fields[field] else { continue }
            let problem = problems.first { $0.field == field }
            widgets.error.text = problem?.message ?? ""
            widgets.error.isVisible = problem != nil
            widgets.entry.setStyleClass("error", problem != nil)
            widgets.entry.accessibleDescription = problem?.message ?? ""
        }
        if let first = problems.first { fields[first.field]?.entry.grabFocus() }
    }

    func setStatus(_ text: String, isError: Bool = false) {
        statusLabel.showAsStatus(text, isError: isError)
    }
}
