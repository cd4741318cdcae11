import GtkKit

/// Seed 000's `AddressView`: four fields, a line for problems, Save and a status line
/// (AddressView.ui). It is passive: its controller wires Save and tells it what to show.
@MainActor
final class AddressView {
    private let builder = Builder(file: "AddressView.ui")
    let root: Widget
    let saveButton: Button
    private let streetEntry: Entry
    private let cityEntry: Entry
    private let stateEntry: Entry
    private let zipEntry: Entry
    private let problemsLabel: Label
    private let statusLabel: Label

    init() {
        root = builder.object("root")
        saveButton = builder.object("save_button")
        streetEntry = builder.object("street_entry")
        cityEntry = builder.object("city_entry")
        stateEntry = builder.object("state_entry")
        zipEntry = builder.object("zip_entry")
        problemsLabel = builder.object("problems_label")
        statusLabel = builder.object("status_label")
    }
}
