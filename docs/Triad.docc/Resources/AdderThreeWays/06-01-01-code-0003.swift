import GtkKit

/// MVP's passive view: the adder's widgets, which report Add to the presenter and show its answer.
@MainActor
final class AdderPassiveView {
    private let builder = Builder(file: "AdderView.ui")
    let root: Widget
    private let firstEntry: Entry
    private let secondEntry: Entry
    private let sumLabel: Label
    private let errorLabel: Label
    private let presenter: AdderPresenter

    init(presenter: AdderPresenter) {
        self.presenter = presenter
        root = builder.object("root")
        firstEntry = builder.object("first_entry")
        secondEntry = builder.object("second_entry")
        sumLabel = builder.object("sum_label")
        errorLabel = builder.object("error_label")
        builder.object("add_button", as: Button.self).on(.clicked, target: self, action: AdderPassiveView.addPressed)
    }

    private func addPressed() { presenter.add(firstEntry.text, secondEntry.text) }
}
