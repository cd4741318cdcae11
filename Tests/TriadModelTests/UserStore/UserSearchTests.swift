import XCTest

@testable import TriadModel

extension UserSearch {
    /// A search's ids as a plain array, whatever form the result keeps them in.
    static func idList(
        in database: Database, matching query: String, helper: (@Sendable () throws -> Database)? = nil,
        splitAbove: Int = 100_000, complementAbove: Double = 0.9
    ) throws -> [Int64] {
        Array(try search(in: database, matching: query, helper: helper, splitAbove: splitAbove, complementAbove: complementAbove))
    }
}

/// Searching the users table (AtScale/UserSearch.swift): prefixes through the indexes, the ids in
/// order, broad queries split or answered the other way round, rows read on demand.
final class UserSearchTests: XCTestCase {
    func testSearchUsesPrefixesAndEscapesWildcards() throws {
        let store = try freshStore()
        _ = try importCSV(
            header
                + "Iyad,Agha,iyad@example.com,36\nMila,Haward,mila@example.com,24\nMark,Astun,mark@x.org,39\nPer%cent,Under_score,p@example.com,1\n",
            into: store)
        func names(_ query: String) throws -> [Int64] { try UserSearch.idList(in: store.database, matching: query) }
        XCTAssertEqual(try names("").count, 4)
        XCTAssertEqual(try names("m").count, 2, "Mila and Mark by first name")
        XCTAssertEqual(try names("a").count, 2, "Agha and Astun by last name")
        XCTAssertEqual(try names("MARK@").count, 1, "e-mail prefix, any case")
        XCTAssertEqual(try names("mila haw").count, 1, "first and last name")
        XCTAssertEqual(try names("%").count, 0, "% is literal, not a wildcard")
        XCTAssertEqual(try names("per%").count, 1)
        XCTAssertEqual(try names("under_").count, 1)
        XCTAssertEqual(try names("zzz").count, 0)
        XCTAssertEqual(try names("p@").count, 1, "@ is followed by A in ASCII, which NOCASE reads as a")
        XCTAssertEqual(try names("Ha").count, 1)
        XCTAssertEqual(try names("ma").count, 1, "Mark; Mila is mi")
        XCTAssertEqual(try names("m").count, 2, "Mila and Mark by first name and by e-mail: each once")
        for query in ["a", "mila haw"] {
            let (conditions, parameters) = UserSearch.alternatives(for: query)
            let condition = conditions.joined(separator: " OR ")
            let plan = try store.database.rows("EXPLAIN QUERY PLAN SELECT id FROM users WHERE \(condition)", parameters)
                .compactMap { $0.last?.text }.joined(separator: " | ")
            XCTAssertTrue(plan.contains("INDEX"), "the search runs on indexes: \(plan)")
            XCTAssertFalse(plan.contains("SCAN users"), plan)
        }
    }

    /// A prefix is the range of keys from it up to its last byte plus one, under NOCASE folding.
    /// Checked against LIKE, the meaning it replaces, over keys around every ASCII byte and some
    /// characters beyond.
    func testPrefixRangesMatchWhatLikeMatches() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE k (v TEXT COLLATE NOCASE)")
        try database.execute("CREATE INDEX k_v ON k (v)")
        var keys = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        keys += ["é", "ê", "É", "\u{BF}", "\u{C0}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}", "花", "花子"]
        var values: [String] = []
        for first in ["a", "@", "z", "é", "花"] { for key in keys { values.append(first + key) } }
        for value in values { try database.execute("INSERT INTO k VALUES (?)", [.text(value)]) }
        var compared = 0
        for prefix in ["a", "A", "@", "a@", "z", "Z", "a`", "a[", "a_", "a%", "é", "花", "a\u{BF}", "a\u{7FF}", "a\u{FFFF}"] {
            let bounds = UserSearch.prefixRange(prefix)
            let ranged = try database.rows("SELECT v FROM k WHERE v >= ?1 AND v < ?2 ORDER BY v", bounds)
            let liked = try database.rows("SELECT v FROM k WHERE v LIKE ?1 ESCAPE '\\' ORDER BY v", [.text(escapedLike(prefix))])
            XCTAssertEqual(ranged, liked, prefix)
            compared += liked.count
        }
        XCTAssertGreaterThan(compared, 100)
    }

    private func escapedLike(_ text: String) -> String {
        text.map { "%_\\".contains($0) ? "\\\($0)" : "\($0)" }.joined() + "%"
    }

    func testStoreRowsReadOnDemand() throws {
        let directory = makeTemporaryDirectory(self)
        let store = try Store(directory: directory)
        try DemoUsers.addIfNew(to: store)  // the first run's three, then generated ones
        try UserGenerator.generate(1000, into: store)
        let ids = try UserSearch.matching(in: store.database, query: "")
        XCTAssertEqual(ids, .range(first: 1, count: 1003), "no gaps: no id list")
        try store.database.execute("DELETE FROM users WHERE id = 2")
        XCTAssertEqual(try UserSearch.matching(in: store.database, query: "").count, 1002)
        XCTAssertEqual(try UserSearch.matching(in: store.database, query: "")[1], 3, "a gap: an explicit list")
        try MainActor.assumeIsolated {
            let rows = StoreUserRows(ids: ids, database: store.database)
            XCTAssertEqual(rows.count, 1003)
            XCTAssertEqual(rows.user(at: 0)?.firstName, "Iyad")
            XCTAssertEqual(rows.user(at: 1002)?.email, "user1003@example.com")
            XCTAssertNil(rows.user(at: 1003))
            XCTAssertEqual(try XCTUnwrap(rows.user(at: 500)).email, "user501@example.com")
            let afterGap = StoreUserRows(ids: try UserSearch.matching(in: store.database, query: ""), database: store.database)
            XCTAssertEqual(afterGap.user(at: 1)?.email, "mark.astun@example.com")
        }
    }

    func testFirstRowsOfABroadSearchAreTheHeadOfTheWholeResult() throws {
        let store = try Store(directory: makeTemporaryDirectory(self))
        try UserGenerator.generate(30_000, into: store)
        // "user" matches every generated e-mail: the first 100 are found in the first rows.
        let head = try XCTUnwrap(try UserSearch.firstIDs(in: store.database, query: "user"))
        let all = try UserSearch.idList(in: store.database, matching: "user")
        XCTAssertEqual(all.count, 30_000)
        XCTAssertEqual(head, Array(all.prefix(100)), "the head is the whole result's first rows")
        let mila = try XCTUnwrap(
            try UserSearch.firstIDs(in: store.database, query: "mila", narrowBelow: 1_000),
            "1 in 20 rows, 1,500 matches: broad when the line is 1,000")
        XCTAssertEqual(mila, Array(try UserSearch.idList(in: store.database, matching: "mila").prefix(100)))
        // Narrow queries are left to the indexes: fewer matches in all than `narrowBelow`
        // (5,000), though the scan would have found 100 of them.
        XCTAssertNil(try UserSearch.firstIDs(in: store.database, query: "mila"), "1,500 matches")
        XCTAssertNil(try UserSearch.firstIDs(in: store.database, query: "user1234"), "11 matches")
        XCTAssertNil(try UserSearch.firstIDs(in: store.database, query: "zzz"))
        XCTAssertEqual(
            try UserSearch.firstIDs(in: store.database, query: ""), Array(1...100),
            "no query: the table's first rows, before count(*) has walked it")
        XCTAssertEqual(try UserSearch.matching(in: store.database, query: ""), .range(first: 1, count: 30_000))
        // Bounded work: a match beyond the scanned rows is not looked for.
        XCTAssertNil(try UserSearch.firstIDs(in: store.database, query: "user", limit: 100, scan: 50))
    }

    /// A broad query read by two threads, cut at a sampled key, gives exactly the ids one
    /// thread reads alone.
    func testABroadSearchSplitBetweenTwoThreadsFindsTheSameRows() throws {
        let store = try Store(directory: makeTemporaryDirectory(self))
        try UserGenerator.generate(5_000, into: store)
        let path = store.path
        let rows = Int(try store.database.scalar("SELECT max(id) FROM users")?.integer ?? 0)
        let sampled = try UserSearch.sample(in: store.database, parameters: UserSearch.prefixRange("user"), rows: rows)
        let cut = try XCTUnwrap(UserSearch.split(sampled, rows: rows, above: 100))
        XCTAssertEqual(cut.column, "email")
        XCTAssertTrue(cut.middle.hasPrefix("user"), cut.middle)
        XCTAssertNil(UserSearch.split(sampled, rows: rows, above: 100_000), "5,000 rows: no cut")
        for query in ["u", "user", "user1", "m", "a", "Mila", "zz"] {
            // Never answered by its exceptions here (complementAbove over 1): this test is the cut's.
            let alone = try UserSearch.idList(in: store.database, matching: query, complementAbove: 2)
            let helped = try UserSearch.idList(
                in: store.database, matching: query, helper: { try Database(path: path, readOnly: true) },
                splitAbove: 100, complementAbove: 2)
            XCTAssertEqual(helped, alone, query)
        }
        XCTAssertEqual(try UserSearch.idList(in: store.database, matching: "u").count, 5_000, "every generated user")
    }

    func testASearchNearlyEveryRowMatchesIsTheTableWithoutTheRowsItMisses() throws {
        let store = try Store(directory: makeTemporaryDirectory(self))
        try UserGenerator.generate(5_000, into: store)
        func add(_ first: String, _ last: String, _ email: String) throws -> Int64 {
            try store.database.execute(
                "INSERT INTO users (first_name, last_name, email, age) VALUES (?1, ?2, ?3, 30)",
                [.text(first), .text(last), .text(email)])
            return try XCTUnwrap(store.database.scalar("SELECT max(id) FROM users")?.integer)
        }
        // For "u": no match at all, a match by first name only, and one by last name only.
        let missed = try add("Bo", "Nilsson", "bo@example.org")
        let byFirst = try add("Ulla", "Berg", "berg@example.org")
        let byLast = try add("Ann", "Ulm", "ann@example.org")
        let rows = Int(try XCTUnwrap(store.database.scalar("SELECT max(id) FROM users")?.integer))
        let sampled = try XCTUnwrap(UserSearch.sample(in: store.database, parameters: UserSearch.prefixRange("u"), rows: rows))
        XCTAssertEqual(sampled.column, "email")
        XCTAssertGreaterThanOrEqual(Double(sampled.keys.count), 0.9 * Double(UserSearch.samples), "nearly every sampled row")

        func compare(_ label: String) throws {
            for query in ["u", "U", "us", "user", "user1", "m", "a", "Mila", "b", "zz"] {
                // complementAbove 0: every query with a sample is answered by its exceptions.
                let direct = try UserSearch.idList(in: store.database, matching: query, complementAbove: 2)
                let byExceptions = try UserSearch.idList(in: store.database, matching: query, complementAbove: 0)
                XCTAssertEqual(byExceptions, direct, "\(label): \(query)")
            }
            let u = try UserSearch.idList(in: store.database, matching: "u")
            XCTAssertEqual(u, u.sorted(), label)
            XCTAssertFalse(u.contains(missed), label)
            XCTAssertTrue(u.contains(byFirst) && u.contains(byLast), label)
        }
        try compare("no holes")
        // No id was ever deleted: the answer is the table's range with the one row "u" misses as
        // its only hole, not a list of every id.
        XCTAssertEqual(
            try UserSearch.search(in: store.database, matching: "u"),
            .rangeWithout(first: 1, last: Int64(rows), holes: [missed]))
        let before = try UserSearch.idList(in: store.database, matching: "u")
        XCTAssertEqual(before.count, 5_000 + 2, "every generated user, Ulla and Ann")
        // Holes: the table is no longer min…max, and the whole table is read instead.
        let doomed = [before[0], before[1], before[700], before[4_000]]
        try store.database.execute("DELETE FROM users WHERE id IN (?1, ?2, ?3, ?4)", doomed.map { .integer($0) })
        try compare("with holes")
        XCTAssertEqual(try UserSearch.idList(in: store.database, matching: "u"), before.filter { !doomed.contains($0) })
    }

    func testSearchesFindWhatLikeFinds() throws {
        let store = try Store(directory: makeTemporaryDirectory(self))
        try UserGenerator.generate(5_000, into: store)
        // Two words need a term the index cannot answer; one word three ranges; the exceptions
        // path terms on columns outside its index (complementAbove 0 takes it for every query).
        let cases: [(String, String)] = [
            ("mila b", "first_name LIKE 'mila%' AND last_name LIKE 'b%'"),
            ("m", "first_name LIKE 'm%' OR last_name LIKE 'm%' OR email LIKE 'm%'"),
            ("user12", "first_name LIKE 'user12%' OR last_name LIKE 'user12%' OR email LIKE 'user12%'"),
        ]
        for (query, like) in cases {
            let expected = try store.database.integers("SELECT id FROM users WHERE \(like) ORDER BY id")
            XCTAssertFalse(expected.isEmpty, query)
            XCTAssertEqual(try UserSearch.idList(in: store.database, matching: query, complementAbove: 2), expected, query)
            XCTAssertEqual(try UserSearch.idList(in: store.database, matching: query, complementAbove: 0), expected, query)
        }
    }

    func testSparseSearchResultsReadOnlyTheirRows() throws {
        let store = try Store(directory: makeTemporaryDirectory(self))
        try UserGenerator.generate(5_000, into: store)
        let ids = try UserSearch.matching(in: store.database, query: "user12")  // 12, 120–129, 1200–1299
        XCTAssertEqual(ids.count, 111)
        try MainActor.assumeIsolated {
            let rows = StoreUserRows(ids: ids, database: store.database)
            XCTAssertEqual(rows.user(at: 0)?.email, "user12@example.com")
            XCTAssertEqual(rows.user(at: 1)?.email, "user120@example.com")
            XCTAssertEqual(try XCTUnwrap(rows.user(at: 110)).email, "user1299@example.com")
            XCTAssertNil(rows.user(at: 111))
        }
    }
}
