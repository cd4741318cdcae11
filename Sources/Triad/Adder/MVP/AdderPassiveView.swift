import GtkKit
import TriadModel

/// The adder as Model–View–Presenter: a passive view. The Add button's press goes to the view,
/// which hands the two texts to its presenter (AdderPresenter, in the model); the presenter
/// decides everything and tells the view what to show through `AdderPassiveViewProtocol`.
@MainActor
final class AdderPassiveView: AdderPassiveViewProtocol {
    let widgets = AdderWidgets()
    let presenter: any AdderPresenterProtocol

    init(presenter: any AdderPresenterProtocol = AdderPresenter()) {
        self.presenter = presenter
        presenter.attachView(self)
        // Target-action: the button's "clicked" signal calls this view's `addPressed`.
        widgets.addButton.on(.clicked, target: self, action: AdderPassiveView.addPressed)
    }

    private func addPressed() {
        presenter.add(widgets.firstEntry.text, widgets.secondEntry.text)
    }

    // MARK: AdderPassiveViewProtocol

    func showSum(_ text: String) { widgets.showSum(text) }

    func showError(_ message: String, field: AdderField?) { widgets.showError(message, field: field) }
}
