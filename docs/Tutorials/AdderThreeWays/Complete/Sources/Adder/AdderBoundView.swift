import GtkKit
import TriadModel

/// MVVM's view: the adder's widgets (AdderView.ui), bound to a view model. Nobody calls it: it
/// follows the view model's properties.
@MainActor
final class AdderBoundView {
    private let builder = Builder(file: "AdderView.ui")
    let root: Widget
    private let viewModel: AdderViewModel
    /// The bindings to the view model's properties, kept as long as the view.
    private var bindings: [ObservationToken] = []

    init(viewModel: AdderViewModel) {
        self.viewModel = viewModel
        root = builder.object("root")
        // View → view model: each field's text, as it is typed; Add runs the command.
        builder.object("first_entry", as: Entry.self).bindText(to: viewModel, \.first)
        builder.object("second_entry", as: Entry.self).bindText(to: viewModel, \.second)
        builder.object("add_button", as: Button.self).on(.clicked, target: viewModel, action: AdderViewModel.add)
        // View model → view: the labels follow the properties.
        let sumLabel: Label = builder.object("sum_label")
        let errorLabel: Label = builder.object("error_label")
        bindings.append(viewModel.sum.bind { sumLabel.text = $0 })
        bindings.append(
            viewModel.error.bind { message in
                errorLabel.text = message ?? ""
                errorLabel.isVisible = message != nil
            })
    }
}
