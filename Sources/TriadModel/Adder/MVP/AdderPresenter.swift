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

/// What the passive view asks of its presenter: to be told what to show, and the press, with
/// what the fields hold. A protocol, so that another object can stand in for the presenter: a
/// test's mock view drives the real one, and a mock presenter tests a view.
@MainActor
public protocol AdderPresenterProtocol: AnyObject {
    /// The model the presenter asks.
    var model: any AdderModelProtocol { get }
    /// The view the presenter now tells what to show (held weakly).
    func attachView(_ view: AdderPassiveViewProtocol)
    /// The Add button was pressed with these two texts in the fields.
    func add(_ first: String, _ second: String)
}

/// The adder's presenter: the view hands it the two texts; it asks the model and tells the view.
@MainActor
public final class AdderPresenter: AdderPresenterProtocol {
    /// The model the presenter asks for the sum (a test gives a mock).
    public let model: any AdderModelProtocol
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
