/// The classic mistake of work on the main thread: `StoreUserService` that searches on the main
/// loop instead of a worker thread. While a search runs, the window can neither draw nor answer
/// input, and its wait for the frame that shows the first rows can only end by its time limit,
/// since that frame needs the main loop it holds. Only the line that hands the search over in
/// `getUsers(matching:completion:)` differs from StoreUserService.swift.
@MainActor
public final class MainThreadUserService: UserService {
    /// Runs a function on the main loop (GtkKit's `MainLoop.hop` in the app).
    public typealias Deliver = @Sendable (@escaping @Sendable @MainActor () -> Void) -> Void

    private let path: String
    private let mainDatabase: Database
    private let deliver: Deliver
    private let afterDrawing: Deliver?

    /// How long the worker holds the rest of a result back for the frame that shows its first
    /// rows, at most: a frame comes much sooner; only rows the page dropped for a newer search
    /// are never drawn.
    nonisolated static let drawingWait = 500

    /// A service searching the store at `path`.
    /// - Parameters:
    ///   - path: the store's file, opened read-only by the worker.
    ///   - mainDatabase: the main loop's connection, which reads rows as the table asks for them.
    ///   - deliver: runs the answers on the main loop, ahead of its drawing, so that the next
    ///     frame shows them.
    ///   - afterDrawing: runs a function on the main loop once the frame being prepared is drawn
    ///     (the app waits for the window's frame clock, GtkKit's `NextFrame`: an idle callback
    ///     would run before a frame that waits for its turn). Given, the worker collects the rest
    ///     of a long result only once its first rows are on screen (or after `drawingWait`), not
    ///     beside the frame that draws them.
    public init(path: String, mainDatabase: Database, deliver: @escaping Deliver, afterDrawing: Deliver? = nil) {
        self.path = path
        self.mainDatabase = mainDatabase
        self.deliver = deliver
        self.afterDrawing = afterDrawing
    }

    /// Searches the store on a worker thread and answers on the main loop: the first rows of a
    /// long result first, then all of it.
    public func getUsers(matching query: String, completion: @escaping @MainActor (UserLoadResult) -> Void) {
        let path = self.path
        let deliver = self.deliver
        let afterDrawing = self.afterDrawing
        let answer = Answer(completion: completion, database: mainDatabase)
        deliver {
            do {
                let database = try Database(path: path, readOnly: true)
                // The first screenful of a broad query, with its rows, read here rather than by
                // the main loop while it lays out and draws.
                var head: (ids: [Int64], users: [User?])?
                if let headIDs = try UserSearch.firstIDs(in: database, query: query, limit: StoreUserRows.headSize) {
                    let users = StoreUserRows.read(headIDs, from: database)
                    head = (headIDs, users)
                    let drawn = Latch()
                    deliver {
                        answer.firstRows(.list(headIDs), users)
                        afterDrawing?({ drawn.open() })
                    }
                    if afterDrawing != nil { drawn.wait(milliseconds: Self.drawingWait) }
                }
                // A broad query is read by two threads (UserSearch.matching), each with its
                // connection.
                let ids = try UserSearch.matching(in: database, query: query, helper: { try Database(path: path, readOnly: true) })
                let firstIDs = Array(ids.prefix(StoreUserRows.headSize))
                let users = head.flatMap { $0.ids == firstIDs ? $0.users : nil } ?? StoreUserRows.read(firstIDs, from: database)
                deliver { answer.success(ids, users) }
            } catch let error as StoreError {
                let message = L("The user list cannot be read: {reason}").filling(["reason": error.userMessage])
                deliver { answer.failure(message) }
            } catch {
                let message = "\(error)"
                deliver { answer.failure(message) }
            }
        }
    }

    /// The completion and the main loop's connection, carried through the worker to the main
    /// loop, where the rows are built and answered: they never leave it.
    private final class Answer: @unchecked Sendable {
        // @unchecked: made on the main loop and only touched there again (inside `deliver`).
        private let completion: @MainActor (UserLoadResult) -> Void
        private let database: Database

        init(completion: @escaping @MainActor (UserLoadResult) -> Void, database: Database) {
            self.completion = completion
            self.database = database
        }

        @MainActor func firstRows(_ ids: UserIDs, _ head: [User?]) {
            completion(.firstRows(StoreUserRows(ids: ids, database: database, head: head)))
        }

        @MainActor func success(_ ids: UserIDs, _ head: [User?]) {
            completion(.success(StoreUserRows(ids: ids, database: database, head: head)))
        }

        @MainActor func failure(_ message: String) { completion(.failure(message)) }
    }
}
