// Seed 003's presenter and its passive view. The presenter holds the UI logic (what to show while
// loading, for an empty list, for an error) and knows the view only through `UserListView`, so it
// is tested with a mock service and a mock view, without a toolkit.

/// The seed's `UserListView`: passive, told what to show.
@MainActor
public protocol UserListView: AnyObject {
    func startLoading()
    func finishLoading()
    func setUsers(_ users: UserListViewData)
    /// The first rows of a longer list that is still being read: show them; `setUsers` follows
    /// with the whole list, these rows first (a view can keep its scroll position).
    func setFirstUsers(_ users: UserListViewData)
    func setEmptyUsers()
    func showError(_ message: String)
    func showProgress(_ fraction: Double)
}

/// The seed's `UserListPresenter`: no toolkit, testable with a mock service and a mock view.
@MainActor
public final class UserListPresenter {
    public typealias Deliver = @Sendable (@escaping @Sendable @MainActor () -> Void) -> Void

    /// Delivery for callers already on the main thread (tests with synchronous mocks).
    public static let immediate: Deliver = { work in MainActor.assumeIsolated { work() } }

    private let service: UserService
    private let deliver: Deliver
    private weak var view: UserListView?
    private var generation = 0

    /// - Parameter deliver: how results get back to the main loop (GtkKit's `MainLoop.hop` in
    ///   the app; tests pass one that runs at once).
    public init(service: UserService, deliver: @escaping Deliver) {
        self.service = service
        self.deliver = deliver
    }

    public func attachView(_ view: UserListView) { self.view = view }
    public func detachView() { view = nil }

    /// Loads (or searches) the users and tells the view. A newer call supersedes an older one.
    public func getUsers(matching query: String = "") {
        generation += 1
        let current = generation
        view?.startLoading()
        let deliver = self.deliver
        service.getUsers(matching: query, progress: { [weak self] fraction in
            deliver { [weak self] in
                guard let self, self.generation == current else { return }
                self.view?.showProgress(fraction)
            }
        }, completion: { [weak self] result in
            deliver { [weak self] in
                guard let self, self.generation == current, let view = self.view else { return }
                if case .firstRows(let makeRows) = result {
                    let rows = makeRows()
                    if rows.count > 0 { view.setFirstUsers(UserListViewData(rows)) }
                    return  // still loading: the whole result follows
                }
                view.finishLoading()
                switch result {
                case .firstRows:
                    break
                case .failure(let message):
                    view.showError(message)
                case .success(let makeRows):
                    let rows = makeRows()
                    if rows.count == 0 { view.setEmptyUsers() } else { view.setUsers(UserListViewData(rows)) }
                }
            }
        })
    }
}
