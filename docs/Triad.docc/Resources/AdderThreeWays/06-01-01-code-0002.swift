/// What the presenter tells its view: MVP's passive view does nothing else.
@MainActor
protocol AdderPassiveViewProtocol: AnyObject {
    func showSum(_ sum: String)
    func showError(_ message: String, field: AdderField?)
}

/// The adder as MVP (seed 003's pattern): the presenter holds the page's logic and tells the view
/// what to show. It knows the view only through the protocol, and imports no GTK: a test drives
/// it with a mock view.
@MainActor
final class AdderPresenter {
    private let model = AdderModel()
    private weak var view: AdderPassiveViewProtocol?

    func attachView(_ view: AdderPassiveViewProtocol) { self.view = view }

    /// The view's one report: Add was pressed with these texts.
    func add(_ first: String, _ second: String) {
        do {
            try model.set(first, second)
            view?.showSum(String(try model.total()))
        } catch {
            view?.showError(error.message, field: error.field)
        }
    }
}
