import Glibc

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
