import Glibc

/// Searching the users table: by prefix of first name, last name or e-mail (or "first last"),
/// through the NOCASE indexes, never by scanning rows in Swift.
public enum UserSearch {
    /// The rows matching `query` (all rows when it is empty). `helper`, if given, opens a second
    /// connection for another thread to read half of a broad result (see `ids`).
    public static func matching(in database: Database, query: String, helper: (@Sendable () throws -> Database)? = nil) throws -> UserIDs {
        if query.trimmingWhitespace.isEmpty, let all = try gaplessIDs(in: database) {
            return .range(first: all.lowerBound, count: all.count)  // ids 1…N without gaps: nothing to collect
        }
        return try search(in: database, matching: query, helper: helper)
    }

    /// The table's ids as one range `first…last`, when no id in it was ever deleted (nil when one
    /// was, or the table is empty). Three statements, not one: together, count(*), min() and max()
    /// cost a full scan; apart, SQLite answers each from the b-tree.
    static func gaplessIDs(in database: Database) throws -> ClosedRange<Int64>? {
        guard let count = try database.scalar("SELECT count(*) FROM users")?.integer, count > 0,
            let first = try database.scalar("SELECT min(id) FROM users")?.integer,
            let last = try database.scalar("SELECT max(id) FROM users")?.integer,
            last - first + 1 == count
        else { return nil }
        return first...last
    }

    /// The matching ids, in order. Each condition's ids are gathered inside SQLite
    /// (`Database.collectedIntegers`), still slow for a million on one thread. A one-word query
    /// that a sample of rows says nearly every row matches (share `complementAbove` or more) is
    /// answered the other way round, by the few rows it does not match (`allExcept`). Otherwise,
    /// with `helper`, a broad query is cut in two at a key taken from the sample, and a second
    /// thread reads the first half on its own connection while this one reads the rest.
    public static func search(
        in database: Database, matching query: String, helper: (@Sendable () throws -> Database)? = nil,
        splitAbove: Int = 100_000, complementAbove: Double = 0.9
    ) throws -> UserIDs {
        let (conditions, parameters) = alternatives(for: query)
        var statements = conditions.map { ($0, parameters) }
        var helped: BoundedChannel<Result<[Int64], StoreError>>?
        let rows = conditions.count == 3 ? Int(try database.scalar("SELECT max(id) FROM users")?.integer ?? 0) : 0
        let sampled = rows > 0 ? try sample(in: database, parameters: parameters, rows: rows) : nil
        if let sampled, Double(sampled.keys.count) >= complementAbove * Double(samples) {
            return try allExcept(in: database, outside: sampled.column, parameters: parameters)
        }
        if let helper, let (column, middle) = split(sampled, rows: rows, above: splitAbove) {
            let channel = BoundedChannel<Result<[Int64], StoreError>>(capacity: 1)
            let low = parameters[0]
            WorkerThread.start {
                channel.send(
                    Result {
                        try helper().collectedIntegers(
                            "id", from: "users", where: "\(column) >= ?1 AND \(column) < ?2", [low, .text(middle)])
                    }.mapError(StoreError.wrapping))
            }
            helped = channel
            statements[columns.firstIndex(of: column) ?? 0] = ("(\(column) >= ?1 AND \(column) < ?2)", [.text(middle), parameters[1]])
        }
        var ids: [Int64] = []
        for (condition, parameters) in statements {
            ids += try database.collectedIntegers("id", from: "users", where: condition, parameters)
        }
        if let helped, let half = helped.receive() { ids += try half.get() }
        return .list(inOrder(ids))
    }

    /// The columns a one-word query looks in, in the order of `alternatives`.
    static let columns = ["first_name", "last_name", "email"]

    /// How many rows, spread over the table, `sample` looks at.
    static let samples = 257

    /// Where to cut a broad one-word query: the column most of its matches are in, and the
    /// middle key of that column's matches among the sampled rows. Nil when no column holds more
    /// than `above` estimated matches: then one thread is fast enough.
    static func split(_ sampled: (column: String, keys: [String])?, rows: Int, above: Int) -> (column: String, middle: String)? {
        guard let sampled, sampled.keys.count * rows / samples > above else { return nil }
        return (sampled.column, sampled.keys[sampled.keys.count / 2])
    }

    /// The ids of every row but those a one-word query does not match, in order: the rows outside
    /// `column`'s range are read from its index on both sides of the range, those the other two
    /// columns do not match either are the exceptions, and the result is the whole table without
    /// them. For "u" over a million users (every e-mail starts "user") that is a few rows to read
    /// instead of a million ids to gather, and, when no id was ever deleted, a range with a few
    /// holes instead of a million ids to hold.
    static func allExcept(in database: Database, outside column: String, parameters: [SQLValue]) throws -> UserIDs {
        let others = columns.filter { $0 != column }.map { "NOT (\($0) >= ?1 AND \($0) < ?2)" }.joined(separator: " AND ")
        var unmatched = try database.collectedIntegers("id", from: "users", where: "\(column) < ?1 AND \(others)", parameters)
        unmatched += try database.collectedIntegers("id", from: "users", where: "\(column) >= ?2 AND \(others)", parameters)
        unmatched.sort()
        if let all = try gaplessIDs(in: database) {
            return .rangeWithout(first: all.lowerBound, last: all.upperBound, holes: unmatched)
        }
        var ids: [Int64] = []
        var exceptions = unmatched.makeIterator()
        var exception = exceptions.next()
        for id in inOrder(try database.collectedIntegers("id", from: "users", where: "1")) {
            while let ahead = exception, ahead < id { exception = exceptions.next() }
            if id != exception { ids.append(id) }
        }
        return .list(ids)
    }

    /// A sample of a one-word query's matches: the column most of them are in, and that column's
    /// matching keys, in order, among `samples` rows spread over the ids up to `rows`.
    static func sample(in database: Database, parameters: [SQLValue], rows: Int) throws -> (column: String, keys: [String])? {
        let ids = (0..<samples).map { SQLValue.integer(Int64(1 + $0 * max(1, rows - 1) / (samples - 1))) }
        let list = Array(repeating: "?", count: samples).joined(separator: ",")
        var best: (column: String, keys: [String])?
        for column in columns {
            let keys = try database.rows(
                """
                SELECT \(column) FROM users WHERE id IN (\(list)) AND \(column) >= ?\(samples + 1) AND \(column) < ?\(samples + 2) \
                ORDER BY \(column)
                """, ids + parameters
            ).compactMap { $0[0].text }
            if keys.count > (best?.keys.count ?? 0) { best = (column, keys) }
        }
        return best
    }

    /// The first `limit` matching ids, if the query is so broad that it matches `narrowBelow`
    /// rows or more and they are among the first `scan` rows of the table (nil otherwise: then
    /// the indexes find all matches quickly). The rows are read in id order without an index; the
    /// work is bounded by `scan` rows.
    public static func firstIDs(
        in database: Database, query: String, limit: Int = 100,
        scan: Int = 20_000, narrowBelow: Int = 5_000
    ) throws -> [Int64]? {
        guard !query.trimmingWhitespace.isEmpty else {
            // The whole list: its head at once, before count(*) walks the table.
            let ids = try database.integers("SELECT id FROM users ORDER BY id LIMIT ?1", [.integer(Int64(limit))])
            return ids.count == limit ? ids : nil
        }
        let (conditions, parameters) = alternatives(for: query)
        let padded = parameters + Array(repeating: SQLValue.null, count: 4 - parameters.count)  // ?1 to ?4
        // A narrow query is answered whole from its index ranges faster than its head is found
        // by the scan below, which would read all `scan` rows for nothing. Counting its matches
        // up to `narrowBelow`, range by range, is quick.
        var matches = 0
        for condition in conditions where matches < narrowBelow {
            matches += Int(
                try database.scalar(
                    "SELECT count(*) FROM (SELECT 1 FROM users WHERE \(condition) LIMIT ?5)",
                    padded + [.integer(Int64(narrowBelow - matches))])?.integer ?? 0)
        }
        guard matches >= narrowBelow else { return nil }
        let condition = conditions.joined(separator: " OR ")
        let start = try database.scalar("SELECT min(id) FROM users")?.integer ?? 0
        let ids = try database.integers(
            """
            SELECT id FROM users NOT INDEXED WHERE id BETWEEN ?6 AND ?7 AND (\(condition)) ORDER BY id LIMIT ?5
            """, padded + [.integer(Int64(limit)), .integer(start), .integer(start + Int64(scan) - 1)])
        return ids.count == limit ? ids : nil
    }

    /// The conditions whose rows together make the result (one per index), sharing parameters
    /// ?1 to ?4: one word matches the start of the first name, last name or e-mail; two or more
    /// match "first last". They run apart and are merged in Swift, because SQLite's OR of the
    /// three spends most of its time removing duplicate ids (docs/PERFORMANCE.md).
    ///
    /// A prefix is a range of the NOCASE index: `abc` is every key from `abc` up to, not
    /// including, `abd`. That is what `LIKE 'abc%'` means too (both fold ASCII letters only),
    /// but LIKE is also evaluated on every row in the range, work a range of the index skips.
    /// Wildcards need no escaping, as there are none.
    static func alternatives(for query: String) -> ([String], [SQLValue]) {
        let words = query.trimmingWhitespace.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        func range(_ column: String, _ low: Int) -> String { "(\(column) >= ?\(low) AND \(column) < ?\(low + 1))" }
        switch words.count {
        case 0:
            return (["1"], [])
        case 1:
            return (columns.map { range($0, 1) }, prefixRange(words[0]))
        default:
            return (
                ["\(range("first_name", 1)) AND \(range("last_name", 3))"],
                prefixRange(words[0]) + prefixRange(words[1...].joined(separator: " "))
            )
        }
    }

    /// Ids as the list shows them: ascending, each once (a row can match by two names). The
    /// indexes return them in name or e-mail order; a bitmap over the id range puts them in order
    /// in one pass, without a sort's comparisons.
    static func inOrder(_ ids: [Int64]) -> [Int64] {
        guard ids.count > 1, let low = ids.min(), let high = ids.max() else { return ids }
        let span = high - low + 1
        guard span <= Int64(ids.count) * 64 else {  // sparse: a sort is cheaper
            var sorted = ids.sorted()
            var kept = 0
            for index in sorted.indices where kept == 0 || sorted[index] != sorted[kept - 1] {
                sorted[kept] = sorted[index]
                kept += 1
            }
            sorted.removeLast(sorted.count - kept)
            return sorted
        }
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

    /// The bounds of the keys that start with `prefix` under NOCASE: the prefix with ASCII letters
    /// folded to lower case, and the same with its last byte one higher. Folded keys never hold a
    /// byte from `A` to `Z`, so an upper bound ending there would admit keys ending `[` to `` ` ``:
    /// it becomes `[`, the next byte a folded key can hold.
    static func prefixRange(_ prefix: String) -> [SQLValue] {
        let low = Array(prefix.utf8).map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        var high = low
        if let last = high.popLast() {
            let next = last + 1  // never overflows: UTF-8 has no byte 0xFF
            high.append((0x41...0x5A).contains(next) ? 0x5B : next)
        }
        // Bound as text, byte for byte (the upper bound may end inside a character).
        return [.utf8(low), .utf8(high)]
    }
}
