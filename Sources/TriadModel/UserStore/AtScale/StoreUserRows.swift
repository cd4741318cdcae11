import Glibc

/// Rows of a search result, read from the store a block at a time as the view asks for them.
@MainActor
public final class StoreUserRows: UsersDataSource {
    /// How many rows one read fetches: a window's worth and more, so that scrolling reads seldom.
    public static let blockSize = 128
    /// Rows read with a result, by the thread that found it: more than a window shows.
    public nonisolated static let headSize = 100
    private let ids: UserIDs
    private let database: Database
    /// The first rows, read with the result.
    private let head: [User?]
    private var blocks: [Int: [User?]] = [:]
    private var recentBlocks: [Int] = []

    /// The rows of `ids`, read from `database` as they are asked for.
    /// - Parameters:
    ///   - ids: the result's ids, in the list's order.
    ///   - database: the main loop's connection.
    ///   - head: the users of the first ids, if already read (`read(_:from:)`).
    public init(ids: UserIDs, database: Database, head: [User?] = []) {
        self.ids = ids
        self.database = database
        self.head = head
    }

    /// How many users the result holds.
    public var count: Int { ids.count }

    /// The user at row `index`, reading its block from the store the first time it is asked for.
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
        let sql =
            dense
            ? "\(columns) BETWEEN ? AND ?"
            : "\(columns) IN (\(Array(repeating: "?", count: ids.count).joined(separator: ",")))"
        let parameters: [SQLValue] = dense ? [.integer(first), .integer(last)] : ids.map { .integer($0) }
        try? database.forEachRow(sql, parameters) { row in
            guard let id = row[0].integer else { return }
            byID[id] = User(
                firstName: row[1].text ?? "", lastName: row[2].text ?? "",
                email: row[3].text ?? "", age: row[4].integer.map { Int($0) })
        }
        return ids.map { byID[$0] }
    }
}
