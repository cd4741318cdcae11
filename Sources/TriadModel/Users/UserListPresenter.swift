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
    /// The current load has not shown rows yet (see `search`).
    private var awaitingRows = false
    /// The latest query typed while the current load had not shown rows: it runs when they come.
    private var waitingQuery: String?

    /// - Parameter deliver: how results get back to the main loop (GtkKit's `MainLoop.hop` in
    ///   the app; tests pass one that runs at once).
    public init(service: UserService, deliver: @escaping Deliver) {
        self.service = service
        self.deliver = deliver
    }

    public func attachView(_ view: UserListView) { self.view.connect(view) }
    public func detachView() {
        view.current = nil
        awaitingRows = false
        waitingQuery = nil
    }

    /// Loads (or searches) the users and tells the view. A newer call supersedes an older one.
    public func getUsers(matching query: String = "", file: StaticString = #fileID, line: UInt = #line) {
        MessageLog.shared.record(.controller, .presenter, .call, "getUsers(matching: \"\(query)\")", file: file, line: line)
        load(query)
    }

    /// A query being typed: searched at once, unless the load before it has shown no rows yet.
    /// Then it waits for them, and only the latest of the queries typed meanwhile runs. A search
    /// shows its first rows 5–25 ms after the key, a typist presses one key per 33 ms or more, so
    /// each key gets its search, and a burst faster than the store collapses into its last query;
    /// no key waits on a timer (a fixed 40 ms throttle made a key after a quick search wait up to
    /// 40 ms for nothing).
    /// - Returns: true if the search started now, false if it waits.
    @discardableResult
    public func search(_ query: String, file: StaticString = #fileID, line: UInt = #line) -> Bool {
        MessageLog.shared.record(.controller, .presenter, .call, "search(\"\(query)\")", file: file, line: line)
        guard awaitingRows else {
            load(query)
            return true
        }
        if waitingQuery == nil {
            MessageLog.shared.record(.presenter, .presenter, .call, "waits for the rows of the search before it")
        }
        waitingQuery = query
        return false
    }

    /// The current load's rows are on screen: the query typed meanwhile, if any, runs now.
    private func rowsShown() {
        awaitingRows = false
        guard let query = waitingQuery else { return }
        MessageLog.shared.record(.presenter, .presenter, .call, "getUsers(matching: \"\(query)\")")
        load(query)
    }

    private func load(_ query: String) {
        generation += 1
        awaitingRows = true
        waitingQuery = nil
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
                    guard rows.count > 0 else { return }  // still loading, nothing to show yet
                    view.tell("setFirstUsers(count: \(formattedCount(rows.count)))", channel: .viewUpdate) { $0.setFirstUsers(UserListViewData(rows)) }
                    return self.rowsShown()  // the whole result follows, unless a newer search replaces it
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
                self.rowsShown()
            }
        })
    }
}
