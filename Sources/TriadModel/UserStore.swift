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
        if query.trimmingWhitespace.isEmpty,
           let row = try database.rows("SELECT count(*), min(id), max(id) FROM users").first,
           let count = row[0].integer, count > 0, let first = row[1].integer, let last = row[2].integer,
           last - first + 1 == count {
            progress(1)
            return .range(first: first, count: Int(count))  // ids 1…N without gaps: nothing to collect
        }
        return .list(try ids(in: database, matching: query, progress: progress))
    }

    public static func ids(in database: Database, matching query: String,
                           progress: (Double) -> Void = { _ in }) throws -> [Int64] {
        let words = query.trimmingWhitespace.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let sql: String
        let parameters: [SQLValue]
        switch words.count {
        case 0:
            sql = "SELECT id FROM users ORDER BY id"
            parameters = []
        case 1:
            // No ORDER BY here: with one, SQLite scans the table in id order instead of using the
            // three indexes (MULTI-INDEX OR); the ids are sorted below instead.
            sql = """
                SELECT id FROM users WHERE first_name LIKE ?1 ESCAPE '\\' OR last_name LIKE ?1 ESCAPE '\\' \
                OR email LIKE ?1 ESCAPE '\\'
                """
            parameters = [.text(likePrefix(words[0]))]
        default:
            sql = "SELECT id FROM users WHERE first_name LIKE ?1 ESCAPE '\\' AND last_name LIKE ?2 ESCAPE '\\'"
            parameters = [.text(likePrefix(words[0])), .text(likePrefix(words[1...].joined(separator: " ")))]
        }
        let estimate = max(1, Int((try database.scalar("SELECT max(id) FROM users"))?.integer ?? 1))
        var ids = try database.integers(sql, parameters) { progress(min(1, Double($0) / Double(estimate))) }
        if !words.isEmpty { ids.sort() }
        progress(1)
        return ids
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
        try? database.forEachRow("SELECT id, first_name, last_name, email, age FROM users WHERE id BETWEEN ? AND ?",
                                 [.integer(ids[start]), .integer(ids[end - 1])]) { row in
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
