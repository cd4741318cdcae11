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
    /// The passive view (held weakly): every call is a view update, recorded for the Messages pane.
    private let view = Delegation<UserListView>(from: .presenter, to: .view)
    private var generation = 0

    /// - Parameter deliver: how results get back to the main loop (GtkKit's `MainLoop.hop` in
    ///   the app; tests pass one that runs at once).
    public init(service: UserService, deliver: @escaping Deliver) {
        self.service = service
        self.deliver = deliver
    }

    public func attachView(_ view: UserListView) { self.view.connect(view) }
    public func detachView() { view.current = nil }

    /// Loads (or searches) the users and tells the view. A newer call supersedes an older one.
    public func getUsers(matching query: String = "", file: StaticString = #fileID, line: UInt = #line) {
        MessageLog.shared.record(.controller, .presenter, .call, "getUsers(matching: \"\(query)\")", file: file, line: line)
        generation += 1
        let current = generation
        view.tell("startLoading()", channel: .viewUpdate) { $0.startLoading() }
        let deliver = self.deliver
        service.getUsers(matching: query, progress: { [weak self] fraction in
            deliver { [weak self] in
                guard let self, self.generation == current else { return }
                self.view.tell("showProgress(\(Int(fraction * 100))%)", channel: .viewUpdate) { $0.showProgress(fraction) }
            }
        }, completion: { [weak self] result in
            deliver { [weak self] in
                guard let self, self.generation == current, self.view.isConnected else { return }
                MessageLog.shared.record(.store, .presenter, .delegate, "callBack(\(result.summary))")
                let view = self.view
                if case .firstRows(let makeRows) = result {
                    let rows = makeRows()
                    if rows.count > 0 { view.tell("setFirstUsers(count: \(formattedCount(rows.count)))", channel: .viewUpdate) { $0.setFirstUsers(UserListViewData(rows)) } }
                    return  // still loading: the whole result follows
                }
                view.tell("finishLoading()", channel: .viewUpdate) { $0.finishLoading() }
                switch result {
                case .firstRows:
                    break
                case .failure(let message):
                    view.tell("showError(\"\(message)\")", channel: .viewUpdate) { $0.showError(message) }
                case .success(let makeRows):
                    let rows = makeRows()
                    if rows.count == 0 {
                        view.tell("setEmptyUsers()", channel: .viewUpdate) { $0.setEmptyUsers() }
                    } else {
                        view.tell("setUsers(count: \(formattedCount(rows.count)))", channel: .viewUpdate) { $0.setUsers(UserListViewData(rows)) }
                    }
                }
            }
        })
    }
}
