import GtkKit

/// Seed 001's `CustomView`: two fields, an Add button and the sum, laid out in AdderView.ui.
@MainActor
final class AdderView {
    /// What the view can show: a sum, or a sentence saying why there is none.
    enum Display {
        case total(String)
        case failure(String)
    }

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

    func show(_ display: Display) {
        switch display {
        case .total(let sum):
            sumLabel.text = sum
            errorLabel.isVisible = false
        case .failure(let message):
            sumLabel.text = "–"
            errorLabel.text = message
            errorLabel.isVisible = true
        }
    }
}
