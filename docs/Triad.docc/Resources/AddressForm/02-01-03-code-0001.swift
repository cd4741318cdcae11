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
}
