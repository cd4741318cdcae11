import Glibc

/// The real `UserService`: reads the `users` table of the store on a worker thread, through its
/// own connection (WAL lets it read while the main loop writes). It produces the ids of the
/// matching rows, in order; the rows themselves are read later, on demand, by `StoreUserRows`.
public final class StoreUserService: UserService {
    private let path: String
    private let mainDatabase: @MainActor @Sendable () -> Database
    private let afterDrawing: (@Sendable (@escaping @Sendable () -> Void) -> Void)?

    /// How long the worker holds the rest of a result back for the frame that shows its first
    /// rows, at most: a frame comes within milliseconds; only rows the presenter dropped for a
    /// newer search are never drawn.
    static let drawingWait = 500

    /// - Parameters:
    ///   - path: the store's file, opened read-only by the worker.
    ///   - mainDatabase: the main loop's connection, used to read rows on demand.
    ///   - afterDrawing: runs a function on the main loop once the frame being prepared is
    ///     drawn (the app: an idle callback, which GTK runs after its redraw). Given, the worker
    ///     collects the rest of a long result only once its first rows are on screen (or after
    ///     `drawingWait`): on two cores, `count(*)` over 10M rows beside the Users page's first
    ///     frame made that start ×1.18 of the adder page's instead of ×1.11 (#16).
    public init(path: String, mainDatabase: @escaping @MainActor @Sendable () -> Database,
                afterDrawing: (@Sendable (@escaping @Sendable () -> Void) -> Void)? = nil) {
        self.path = path
        self.mainDatabase = mainDatabase
        self.afterDrawing = afterDrawing
    }

    public func getUsers(matching query: String, progress: @escaping @Sendable (Double) -> Void,
                         completion: @escaping @Sendable (UserLoadResult) -> Void) {
        let path = self.path
        let mainDatabase = self.mainDatabase
        let afterDrawing = self.afterDrawing
        BackgroundThread.start {
            do {
                let database = try Database(path: path, readOnly: true)
                // A query most users match takes SQLite ~150 ms per million matches to list in
                // full: show the first screenful as soon as it is found, then the whole result.
                // The rows of the first screenful are read here too, so that the main loop does not
                // read them while it lays out and draws the page's first frame (#16).
                var head: (ids: [Int64], users: [User?])?
                if let headIDs = try UserSearch.firstIDs(in: database, query: query, limit: StoreUserRows.headSize) {
                    let users = StoreUserRows.read(headIDs, from: database)
                    head = (headIDs, users)
                    let drawn = Latch()
                    completion(.firstRows({
                        afterDrawing?({ drawn.open() })
                        return StoreUserRows(ids: .list(headIDs), database: mainDatabase(), head: users)
                    }))
                    if afterDrawing != nil { drawn.wait(milliseconds: Self.drawingWait) }
                }
                // A broad query is read by two threads (UserSearch.ids), each with its connection.
                // No progress reports: the search has no stages worth showing, and a report just
                // before the result would end the main loop's wait for it (UsersPageController.search).
                let ids = try UserSearch.matching(in: database, query: query, helper: { try Database(path: path, readOnly: true) })
                let firstIDs = Array(ids.prefix(StoreUserRows.headSize))
                let users = head.flatMap { $0.ids == firstIDs ? $0.users : nil } ?? StoreUserRows.read(firstIDs, from: database)
                completion(.success({ StoreUserRows(ids: ids, database: mainDatabase(), head: users) }))
            } catch let error as StoreError {
                completion(.failure(L("The user list cannot be read: {reason}").filling(["reason": error.userMessage])))
            } catch {
                completion(.failure("\(error)"))
            }
        }
    }
}


/// Rows of a search result, read from the store a block at a time as the view asks for them.
@MainActor
public final class StoreUserRows: UserRows {
    public static let blockSize = 128
    /// Rows read with a result, by the thread that found it: more than a window shows.
    public nonisolated static let headSize = 100
    private let ids: UserIDs
    private let database: Database
    /// The first rows, read with the result.
    private let head: [User?]
    private var blocks: [Int: [User?]] = [:]
    private var recentBlocks: [Int] = []

    /// - Parameter head: the users of the first ids, if already read (`read(_:from:)`).
    public init(ids: UserIDs, database: Database, head: [User?] = []) {
        self.ids = ids
        self.database = database
        self.head = head
    }

    public var count: Int { ids.count }

    public func user(at index: Int) -> User? {
        guard index >= 0, index < ids.count else { return nil }
        if index < head.count { return head[index] }
        let block = index / Self.blockSize
        if blocks[block] == nil { load(block) }
        return blocks[block]?[index - block * Self.blockSize] ?? nil
    }

    private func load(_ block: Int) {
        let start = block * Self.blockSize
        let end = min(ids.count, start + Self.blockSize)
        blocks[block] = Self.read(Array(ids[start..<end]), from: database)
        recentBlocks.append(block)
        if recentBlocks.count > 16 { blocks[recentBlocks.removeFirst()] = nil }  // a small cache
    }

    /// The users with these ids (ascending), in their order; nil for an id no longer in the table
    /// or a block that could not be read (the rows show empty). On any thread, with its connection.
    public nonisolated static func read(_ ids: [Int64], from database: Database) -> [User?] {
        guard let first = ids.first, let last = ids.last else { return [] }
        var byID: [Int64: User] = [:]
        let columns = "SELECT id, first_name, last_name, email, age FROM users WHERE id"
        // Dense ids (the whole table, broad searches): one range. Sparse ones (a narrow search
        // over a big table): the ids by name, or the range would read every row between.
        let dense = last - first < Int64(2 * ids.count)
        let sql = dense ? "\(columns) BETWEEN ? AND ?"
                        : "\(columns) IN (\(Array(repeating: "?", count: ids.count).joined(separator: ",")))"
        let parameters: [SQLValue] = dense ? [.integer(first), .integer(last)] : ids.map { .integer($0) }
        try? database.forEachRow(sql, parameters) { row in
            guard let id = row[0].integer else { return }
            byID[id] = User(firstName: row[1].text ?? "", lastName: row[2].text ?? "",
                            email: row[3].text ?? "", age: Int(row[4].integer ?? 0))
        }
        return ids.map { byID[$0] }
    }
}
