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

    /// The address the fields hold, as typed.
    var typed: Address {
        Address(street: streetEntry.text, city: cityEntry.text, state: stateEntry.text, zipCode: zipEntry.text)
    }

    /// Lists the problems under the fields and outlines each field that has one (none: clears them).
    func showProblems(_ problems: [AddressProblem]) {
        problemsLabel.text = problems.map(\.message).joined(separator: "\n")
        problemsLabel.isVisible = !problems.isEmpty
        let fields: [(AddressProblem.Field, Entry)] = [
            (.street, streetEntry), (.city, cityEntry), (.state, stateEntry), (.zipCode, zipEntry),
        ]
        for (field, entry) in fields {
            entry.setStyleClass("error", problems.contains { $0.field == field })
        }
    }

    /// Fills the fields with `address`.
    func show(_ address: Address) {
        streetEntry.text = address.street
        cityEntry.text = address.city
        stateEntry.text = address.state
        zipEntry.text = address.zipCode
    }

    /// The line beside Save: "Saved", or nothing.
    func showStatus(_ text: String) { statusLabel.text = text }
}
