import Glibc

/// The real `UserService`: reads the `users` table of the store on a worker thread, through its
/// own connection (WAL lets it read while the main loop writes). It produces the ids of the
/// matching rows, in order; the rows themselves are read later, on demand, by `StoreUserRows`.
public final class StoreUserService: UserService {
    private let path: String
    private let mainDatabase: @MainActor @Sendable () -> Database

    /// - Parameters:
    ///   - path: the store's file, opened read-only by the worker.
    ///   - mainDatabase: the main loop's connection, used to read rows on demand.
    public init(path: String, mainDatabase: @escaping @MainActor @Sendable () -> Database) {
        self.path = path
        self.mainDatabase = mainDatabase
    }

    public func getUsers(matching query: String, progress: @escaping @Sendable (Double) -> Void,
                         completion: @escaping @Sendable (UserLoadResult) -> Void) {
        let path = self.path
        let mainDatabase = self.mainDatabase
        Worker.start {
            do {
                let database = try Database(path: path, readOnly: true)
                // A query most users match takes SQLite ~150 ms per million matches to list in
                // full: show the first screenful as soon as it is found, then the whole result.
                if let head = try UserSearch.firstIDs(in: database, query: query) {
                    completion(.firstRows({ StoreUserRows(ids: .list(head), database: mainDatabase()) }))
                }
                let ids = try UserSearch.matching(in: database, query: query, progress: progress)
                completion(.success({ StoreUserRows(ids: ids, database: mainDatabase()) }))
            } catch let error as StoreError {
                completion(.failure(L("The user list cannot be read: {reason}").filling(["reason": error.userMessage])))
            } catch {
                completion(.failure("\(error)"))
            }
        }
    }
}

/// The ids of a list of users, in order: a contiguous range (the whole table when no row was
/// ever deleted: no memory per row at all) or an explicit list (search results).
public enum UserIDs: Sendable, Equatable {
    case range(first: Int64, count: Int)
    case list([Int64])

    public var count: Int {
        switch self {
        case .range(_, let count): count
        case .list(let ids): ids.count
        }
    }

    public subscript(index: Int) -> Int64 {
        switch self {
        case .range(let first, _): first + Int64(index)
        case .list(let ids): ids[index]
        }
    }
}

/// Searching the users table: by prefix of first name, last name or e-mail (or "first last"),
/// through the NOCASE indexes, never by scanning rows in Swift.
public enum UserSearch {
    /// The rows matching `query` (all rows when it is empty).
    public static func matching(in database: Database, query: String,
                                progress: (Double) -> Void = { _ in }) throws -> UserIDs {
        // Three statements, not one: together, count(*), min() and max() cost a full scan
        // (80 ms for 1M rows); apart, SQLite answers each from the b-tree (5 ms, 0, 0).
        if query.trimmingWhitespace.isEmpty,
           let count = try database.scalar("SELECT count(*) FROM users")?.integer, count > 0,
           let first = try database.scalar("SELECT min(id) FROM users")?.integer,
           let last = try database.scalar("SELECT max(id) FROM users")?.integer,
           last - first + 1 == count {
            progress(1)
            return .range(first: first, count: Int(count))  // ids 1…N without gaps: nothing to collect
        }
        return .list(try ids(in: database, matching: query, progress: progress))
    }

    public static func ids(in database: Database, matching query: String,
                           progress: (Double) -> Void = { _ in }) throws -> [Int64] {
        let (condition, parameters) = filter(for: query)
        let estimate = max(1, Int((try database.scalar("SELECT max(id) FROM users"))?.integer ?? 1))
        let ids = try database.integers("SELECT id FROM users WHERE \(condition)", parameters) {
            progress(min(1, Double($0) / Double(estimate)))
        }
        progress(1)
        return inOrder(ids)
    }

    /// The first `limit` matching ids, if the query is so broad that they are among the first
    /// `scan` rows of the table (nil otherwise: then the indexes find all matches quickly). The
    /// rows are read in id order without an index; the work is bounded by `scan` rows.
    public static func firstIDs(in database: Database, query: String, limit: Int = 100,
                                scan: Int = 20_000) throws -> [Int64]? {
        guard !query.trimmingWhitespace.isEmpty else { return nil }
        let (condition, parameters) = filter(for: query)
        let start = try database.scalar("SELECT min(id) FROM users")?.integer ?? 0
        let padded = parameters + Array(repeating: SQLValue.null, count: 2 - parameters.count)  // ?1, ?2
        let ids = try database.integers("""
            SELECT id FROM users NOT INDEXED WHERE id BETWEEN ?4 AND ?5 AND (\(condition)) ORDER BY id LIMIT ?3
            """, padded + [.integer(Int64(limit)), .integer(start), .integer(start + Int64(scan) - 1)])
        return ids.count == limit ? ids : nil
    }

    /// The WHERE condition for a query: one word matches the start of the first name, last name
    /// or e-mail; two or more match "first last". Parameters are ?1 and ?2.
    private static func filter(for query: String) -> (String, [SQLValue]) {
        let words = query.trimmingWhitespace.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        switch words.count {
        case 0:
            return ("1", [])
        case 1:
            return ("first_name LIKE ?1 ESCAPE '\\' OR last_name LIKE ?1 ESCAPE '\\' OR email LIKE ?1 ESCAPE '\\'",
                    [.text(likePrefix(words[0]))])
        default:
            return ("first_name LIKE ?1 ESCAPE '\\' AND last_name LIKE ?2 ESCAPE '\\'",
                    [.text(likePrefix(words[0])), .text(likePrefix(words[1...].joined(separator: " ")))])
        }
    }

    /// Ids as the list shows them: ascending. The indexes return them in name or e-mail order;
    /// a bitmap over the id range puts a million of them in order in a few milliseconds, where
    /// sorting took ~80 ms.
    static func inOrder(_ ids: [Int64]) -> [Int64] {
        guard ids.count > 1, let low = ids.min(), let high = ids.max() else { return ids }
        let span = high - low + 1
        guard span <= Int64(ids.count) * 64 else { return ids.sorted() }  // sparse: a sort is cheaper
        var bits = [UInt64](repeating: 0, count: Int(span / 64) + 1)
        for id in ids {
            let offset = Int(id - low)
            bits[offset >> 6] |= 1 << UInt64(offset & 63)
        }
        var ordered: [Int64] = []
        ordered.reserveCapacity(ids.count)
        for (index, word) in bits.enumerated() where word != 0 {
            var rest = word
            while rest != 0 {
                ordered.append(low + Int64(index << 6 + rest.trailingZeroBitCount))
                rest &= rest - 1
            }
        }
        return ordered
    }

    /// `abc` → `abc%`, with LIKE's own wildcards escaped so they match literally.
    static func likePrefix(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped + "%"
    }
}

/// Rows of a search result, read from the store a block at a time as the view asks for them.
@MainActor
public final class StoreUserRows: UserRows {
    public static let blockSize = 128
    private let ids: UserIDs
    private let database: Database
    private var blocks: [Int: [User?]] = [:]
    private var recentBlocks: [Int] = []

    public init(ids: UserIDs, database: Database) {
        self.ids = ids
        self.database = database
    }

    public var count: Int { ids.count }

    public func user(at index: Int) -> User? {
        guard index >= 0, index < ids.count else { return nil }
        let block = index / Self.blockSize
        if blocks[block] == nil { load(block) }
        return blocks[block]?[index - block * Self.blockSize] ?? nil
    }

    private func load(_ block: Int) {
        let start = block * Self.blockSize
        let end = min(ids.count, start + Self.blockSize)
        var byID: [Int64: User] = [:]
        let columns = "SELECT id, first_name, last_name, email, age FROM users WHERE id"
        // Dense ids (the whole table, broad searches): one range. Sparse ones (a narrow search
        // over a big table): the block's ids by name, or the range would read every row between.
        let dense = ids[end - 1] - ids[start] < Int64(2 * (end - start))
        let sql = dense ? "\(columns) BETWEEN ? AND ?"
                        : "\(columns) IN (\(Array(repeating: "?", count: end - start).joined(separator: ",")))"
        let parameters: [SQLValue] = dense ? [.integer(ids[start]), .integer(ids[end - 1])]
                                           : (start..<end).map { .integer(ids[$0]) }
        try? database.forEachRow(sql, parameters) { row in
            guard let id = row[0].integer else { return }
            byID[id] = User(firstName: row[1].text ?? "", lastName: row[2].text ?? "",
                            email: row[3].text ?? "", age: Int(row[4].integer ?? 0))
        }
        blocks[block] = (start..<end).map { byID[ids[$0]] }
        recentBlocks.append(block)
        if recentBlocks.count > 16 { blocks[recentBlocks.removeFirst()] = nil }  // a small cache
    }
}

/// Synthetic users for benchmarks and demos (`triad --generate-users N`).
public enum UserGenerator {
    static let firstNames = ["Iyad", "Mila", "Mark", "Aiko", "Wei", "Min-jun", "Sofia", "Lucas", "Amara", "Noah",
                             "Yuki", "Li", "Seo-yeon", "Elena", "Omar", "Hana", "Diego", "Ava", "Kenji", "Zara"]
    static let lastNames = ["Agha", "Haward", "Astun", "Tanaka", "Wang", "Kim", "Rossi", "Silva", "Okafor", "Smith",
                            "Sato", "Chen", "Park", "Novak", "Haddad", "Suzuki", "Garcia", "Brown", "Ito", "Khan"]

    /// Adds `count` users in one transaction; returns how many were added.
    @discardableResult
    public static func generate(_ count: Int, into store: Store) throws -> Int {
        let base = Int((try store.database.scalar("SELECT coalesce(max(id), 0) FROM users"))?.integer ?? 0)
        try store.database.transaction {
            for i in 0..<count {
                let n = base + i + 1
                let first = firstNames[n % firstNames.count]
                let last = lastNames[(n / firstNames.count) % lastNames.count]
                try store.database.execute("INSERT INTO users (first_name, last_name, email, age) VALUES (?, ?, ?, ?)",
                                           [.text(first), .text(last), .text("user\(n)@example.com"), .integer(Int64(18 + n % 70))])
            }
        }
        return count
    }
}

/// A detached worker thread (GLib-free: the model does not depend on the toolkit's loop).
enum Worker {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        if status == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()  // no thread: run here
        }
    }
}
