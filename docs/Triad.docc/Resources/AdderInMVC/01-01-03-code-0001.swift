import GtkKit

/// Seed 001's `CustomView`: two fields, an Add button and the sum, laid out in AdderView.ui.
@MainActor
final class AdderView {
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
    }
}
