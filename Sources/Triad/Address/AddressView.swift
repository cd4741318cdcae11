import CGtk
import GtkKit
import TriadModel

/// Seed 000's `AddressView`: four labelled fields, each with an error line beneath, a status
/// line, and Save / Revert. Passive: the controller fills it and is told about presses.
@MainActor
final class AddressView {
    private let ui: UIDescription
    let root: WidgetPointer
    let saveButton: WidgetPointer
    private let statusLabel: UnsafeMutablePointer<GtkLabel>
    private var entries: [AddressField: UnsafeMutablePointer<GtkEntry>] = [:]
    private var errorLabels: [AddressField: UnsafeMutablePointer<GtkLabel>] = [:]
    private var filling = false  // set while the controller fills the fields: not user edits

    /// Target-action: what Save, Revert and any edit are wired to.
    var onSave: (@MainActor () -> Void)?
    var onRevert: (@MainActor () -> Void)?
    var onEdit: (@MainActor () -> Void)?

    private static let ids: [(AddressField, String)] = [
        (.street, "street"), (.city, "city"), (.state, "state"), (.postalCode, "postal"),
    ]

    init() throws(BuilderError) {
        ui = try UIDescription(resource: AppInfo.ui("AddressView.ui"))
        ui.setAccessibleNames([
            "status_label": L("Address status"),
            "revert_button": L("Revert address"),
            "save_button": L("Save address"),
        ])
        root = ui.widget("root")
        saveButton = ui.widget("save_button")
        statusLabel = ui.get("status_label")
        for (field, id) in Self.ids {
            let entry: UnsafeMutablePointer<GtkEntry> = ui.get("\(id)_entry")
            entry.setAccessibleName(field.name)
            entries[field] = entry
            let error: UnsafeMutablePointer<GtkLabel> = ui.get("\(id)_error")
            error.setAccessibleName(L("{field} error").filling(["field": field.name]))
            errorLabels[field] = error
            entry.on(.changed, target: self, action: AddressView.edited)
        }
        saveButton.on(.clicked, target: self, action: AddressView.savePressed)
        ui.widget("revert_button").on(.clicked, target: self, action: AddressView.revertPressed)
    }

    private func edited() { if !filling { onEdit?() } }
    private func savePressed() { onSave?() }
    private func revertPressed() { onRevert?() }

    /// What the fields hold now.
    var form: AddressForm {
        AddressForm(entries.mapValues { $0.text })
    }

    /// Fills the fields (empty when there is no address yet) and clears any errors.
    func show(_ form: AddressForm) {
        filling = true
        for (field, entry) in entries where entry.text != form[field] { entry.text = form[field] }
        filling = false
        showProblems([])
    }

    /// Shows each problem next to its field and focuses the first such field.
    func showProblems(_ problems: [FieldProblem]) {
        for field in AddressField.allCases {
            let problem = problems.first { $0.field == field }
            guard let entry = entries[field], let label = errorLabels[field] else { continue }
            label.text = problem?.message ?? ""
            label.isVisible = problem != nil
            entry.setStyleClass("error", problem != nil)
            entry.setAccessibleDescription(problem?.message ?? "")
        }
        if let first = problems.first, let entry = entries[first.field] { entry.grabFocus() }
    }

    func setStatus(_ text: String, isError: Bool = false) {
        statusLabel.text = text
        statusLabel.setStyleClass("error-message", isError)
        statusLabel.setStyleClass("secondary-text", !isError)
    }
}
