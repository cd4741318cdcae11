// The adder as Model–View–Presenter (seed 003's pattern): the presenter holds all the logic of
// the page and tells a passive view what to show; the view only reports the press. Tested with a
// mock view, no toolkit (Tests/TriadModelTests/Adder/AdderPatternsTests.swift).

/// What the presenter tells its passive view (seed 003's `UserView`, for the adder).
@MainActor
public protocol AdderPassiveViewProtocol: AnyObject {
    /// Show the sum, written out.
    func showSum(_ text: String)
    /// Show `message`, and mark and focus `field` if the error belongs to one.
    func showError(_ message: String, field: AdderField?)
}

/// What the passive view asks of its presenter: the press, with what the fields hold.
@MainActor
public protocol AdderPresenterProtocol: AnyObject {
    /// The Add button was pressed with these two texts in the fields.
    func add(_ first: String, _ second: String)
}

/// The adder's presenter: the view hands it the two texts; it asks the model and tells the view.
@MainActor
public final class AdderPresenter: AdderPresenterProtocol {
    /// The model the presenter asks for the sum: a `var`, so that another model can stand in (a
    /// test's, or the Messages pane's recorder).
    public var model: any AdderModelProtocol
    private weak var view: AdderPassiveViewProtocol?

    /// A presenter over `model`.
    public init(model: any AdderModelProtocol = AdderModel()) {
        self.model = model
    }

    /// The view this presenter now tells what to show (held weakly: the page owns its view).
    public func attachView(_ view: AdderPassiveViewProtocol) { self.view = view }
    /// Stops telling the view anything.
    public func detachView() { view = nil }

    /// The view's Add, with what the two fields hold.
    public func add(_ first: String, _ second: String) {
        do {
            try model.set(first, second)
            view?.showSum(String(try model.total()))
        } catch {
            view?.showError(error.message, field: error.field)
        }
    }
}
