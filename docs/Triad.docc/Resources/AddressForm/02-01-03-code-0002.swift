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

    /// Fills the fields (empty when there is no address yet).
    func show(_ form: AddressForm) {
        for (field, widgets) in fields where widgets.entry.text != form[field] { widgets.entry.text = form[field] }
    }
}
