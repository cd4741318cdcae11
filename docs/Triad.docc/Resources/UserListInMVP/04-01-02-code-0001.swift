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

/// Seed 003's `UserPresenter`.
@MainActor
public final class UsersPresenter {
    /// A `var`, so that another service can stand in (the Messages pane's recorder).
    public var service: UserService
    private weak var view: UsersView?

    /// A presenter that asks `service` for the users.
    public init(service: UserService) {
        self.service = service
    }

    /// The view this presenter now drives (held weakly: the page owns its view).
    public func attachView(_ view: UsersView) { self.view = view }
    /// Stops driving the view; answers still on their way are dropped.
    public func detachView() { view = nil }
}
