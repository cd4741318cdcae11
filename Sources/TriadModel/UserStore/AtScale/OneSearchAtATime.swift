/// A `UserService` in front of another that lets one search run at a time, for a search field
/// that searches on every keystroke. A search runs at once unless the one before it has not
/// answered yet; then it waits, and only the latest of the searches asked for meanwhile runs when
/// that answer comes. So each key gets its search when the store keeps up, a burst of keys faster
/// than the store collapses into its last query, and no key ever waits on a timer.
///
/// The presenter asks for every keystroke's search and keeps only the answer to the latest
/// (UsersPresenter): the searches skipped here are the ones it would have dropped.
@MainActor
public final class OneSearchAtATime: UserService {
    private let service: UserService
    /// A search has been started and has not answered yet.
    private var running = false
    /// The latest search asked for while one was running.
    private var waiting: (query: String, completion: @MainActor (UserLoadResult) -> Void)?

    /// A service that runs `service`'s searches one at a time.
    public init(_ service: UserService) {
        self.service = service
    }

    /// Runs the search now, or after the running one answers if no later search replaces it.
    public func getUsers(matching query: String, completion: @escaping @MainActor (UserLoadResult) -> Void) {
        guard !running else {
            waiting = (query, completion)
            return
        }
        start(query, completion)
    }

    private func start(_ query: String, _ completion: @escaping @MainActor (UserLoadResult) -> Void) {
        running = true
        var answered = false
        service.getUsers(matching: query) { [weak self] result in
            completion(result)
            // Its first answer with rows (or its last) lets the next search go.
            guard !answered, let self else { return }
            if case .firstRows(let rows) = result, rows.count == 0 { return }
            answered = true
            self.running = false
            if let next = self.waiting {
                self.waiting = nil
                self.start(next.query, next.completion)
            }
        }
    }
}
