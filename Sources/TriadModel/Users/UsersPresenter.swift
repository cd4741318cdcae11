// Seed 003: Model–View–Presenter. The presenter holds the page's UI logic (what to show while
// loading, for an empty list, for an error) and knows the view only through `UsersView`, so it
// is tested with a mock service and a mock view, without a toolkit
// (Tests/TriadModelTests/Users/UsersPresenterTests.swift).

/// Seed 003's `UserView`: the passive view, told what to show.
@MainActor
public protocol UsersView: AnyObject {
    /// A search has started: show that the list is loading.
    func startLoading()
    /// The search has ended: stop showing that it is loading.
    func finishLoading()
    /// Show these users (possibly the first rows of a list still loading).
    func setUsers(_ users: UsersDataSource)
    /// Show that no user matches.
    func setEmptyUsers()
    /// Not in the seed, whose list cannot fail: why the list could not be read.
    func showError(_ message: String)
}

/// What the view controller asks of its presenter (seed 003's `UserPresenter`'s methods). A
/// protocol, so that another object can stand in for the presenter: a test's mock.
@MainActor
public protocol UsersPresenterProtocol: AnyObject {
    /// The search the presenter was last asked for.
    var query: String { get }
    /// The view the presenter now drives (held weakly).
    func attachView(_ view: UsersView)
    /// Stops driving the view; answers still on their way are dropped.
    func detachView()
    /// Seed 003's `getUsers()`, with the search typed: the users matching `query`, all of them for "".
    func getUsers(matching query: String)
}

extension UsersPresenterProtocol {
    /// Seed 003's `getUsers()`: every user.
    public func getUsers() { getUsers(matching: "") }
}

/// Seed 003's `UserPresenter`.
@MainActor
public final class UsersPresenter: UsersPresenterProtocol {
    /// Where the users come from (a test gives a mock).
    public let service: UserService
    private weak var view: UsersView?
    /// The search the presenter was last asked for.
    public private(set) var query = ""
    /// Counts the loads: the answer to a load that a newer one replaced is dropped.
    private var loads = 0

    /// A presenter that asks `service` for the users.
    public init(service: UserService) {
        self.service = service
    }

    /// The view this presenter now drives (held weakly: the page owns its view).
    public func attachView(_ view: UsersView) { self.view = view }
    /// Stops driving the view; answers still on their way are dropped.
    public func detachView() { view = nil }

    /// Seed 003's `getUsers()`, with the search typed (all users for ""): the view shows it is
    /// loading, then the users or that there are none.
    public func getUsers(matching query: String = "") {
        self.query = query
        loads += 1
        let load = loads
        view?.startLoading()
        service.getUsers(matching: query) { [weak self] result in
            guard let self, load == self.loads, let view = self.view else { return }
            switch result {
            case .firstRows(let users):
                // The first rows of a long list, which is still loading: shown at once.
                if users.count > 0 { view.setUsers(users) }
            case .success(let users):
                view.finishLoading()
                if users.count == 0 { view.setEmptyUsers() } else { view.setUsers(users) }
            case .failure(let message):
                view.finishLoading()
                view.showError(message)
            }
        }
    }
}
