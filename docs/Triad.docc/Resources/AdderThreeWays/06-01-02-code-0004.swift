import GtkKit
import TriadModel

/// The adder as Model–View–ViewModel: a view bound to its view model (AdderViewModel, in the
/// model). The fields write into the view model as the person types, Add runs its command, and
/// the sum and the error follow its observable properties. Nothing here decides anything, and
/// the view model never knows this view.
@MainActor
final class AdderBoundView {
    let widgets = AdderWidgets()
    let viewModel: AdderViewModel
    private var bindings: [ObservationToken] = []

    init(viewModel: AdderViewModel = AdderViewModel()) {
        self.viewModel = viewModel
        // View → view model: each field's text is bound to a property.
        widgets.firstEntry.bindText(to: viewModel, \.first)
        widgets.secondEntry.bindText(to: viewModel, \.second)
        // The command: target-action straight to the view model.
        widgets.addButton.on(.clicked, target: viewModel, action: AdderViewModel.add)
        // View model → view: the label and the error follow the observable properties.
        bindings = [
            viewModel.sum.bind { [weak self] sum in self?.showSum(sum) },
            viewModel.error.bind { [weak self] message in self?.showError(message) },
        ]
    }

    private func showSum(_ sum: String) {
        if viewModel.error.value == nil { widgets.showSum(sum) }
    }

    private func showError(_ message: String?) {
        if let message { widgets.showError(message, field: viewModel.errorField.value) }
    }
}
