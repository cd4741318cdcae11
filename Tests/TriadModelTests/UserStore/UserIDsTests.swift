import XCTest

@testable import TriadModel

/// The ids of a search result (AtScale/UserIDs.swift, UserSearch.inOrder, Database.collectedIntegers).
final class UserIDsTests: XCTestCase {
    /// A range without holes lists exactly the range's ids that are not holes, in order, for
    /// holes at either end, side by side, or none.
    func testARangeWithoutHolesListsTheRestInOrder() {
        func check(_ first: Int64, _ last: Int64, _ holes: [Int64]) {
            let ids = UserIDs.rangeWithout(first: first, last: last, holes: holes)
            let expected = (first...last).filter { !holes.contains($0) }
            XCTAssertEqual(ids.count, expected.count, "\(holes)")
            XCTAssertEqual(Array(ids), expected, "\(holes)")
        }
        check(1, 10, [])
        check(1, 10, [1])
        check(1, 10, [10])
        check(1, 10, [1, 2, 3])
        check(1, 10, [4, 5, 9, 10])
        check(100, 109, [100, 105, 109])
        check(7, 7, [])
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let first = Int64.random(in: 1...1_000, using: &generator)
            let last = first + Int64.random(in: 0...300, using: &generator)
            let holes = (first...last).filter { _ in Int.random(in: 0..<5, using: &generator) == 0 }
            check(first, last, holes)
        }
        XCTAssertEqual(UserIDs.rangeWithout(first: 1, last: 10_000_000, holes: [2, 3]).count, 9_999_998, "no id is stored")
        XCTAssertEqual(UserIDs.rangeWithout(first: 1, last: 10_000_000, holes: [2, 3])[9_999_997], 10_000_000)
    }

    func testIdsComeInOrderFromTheIndexes() throws {
        XCTAssertEqual(UserSearch.inOrder([5, 3, 9, 4]), [3, 4, 5, 9], "dense: the bitmap")
        XCTAssertEqual(UserSearch.inOrder([1_000_000, 7, 500]), [7, 500, 1_000_000], "sparse: a sort")
        XCTAssertEqual(UserSearch.inOrder([64, 63, 0, 127, 128]), [0, 63, 64, 127, 128], "word edges")
        XCTAssertEqual(UserSearch.inOrder([]), [])
        XCTAssertEqual(UserSearch.inOrder([5, 3, 5, 9, 3]), [3, 5, 9], "dense: each once")
        XCTAssertEqual(UserSearch.inOrder([1_000_000, 7, 1_000_000, 7, 500]), [7, 500, 1_000_000], "sparse: each once")
        let shuffled = (1...10_000).map(Int64.init).shuffled()
        XCTAssertEqual(UserSearch.inOrder(shuffled), (1...10_000).map(Int64.init))
    }

    /// Ids gathered inside SQLite by `triad_collect` are the ids a query steps out, and the
    /// function is gone after the call.
    func testCollectedIdsAreTheQuerysIds() throws {
        let store = try Store(directory: makeTemporaryDirectory(self))
        try UserGenerator.generate(3_000, into: store)
        let database = store.database
        for (condition, parameters) in [
            ("email >= ?1 AND email < ?2", UserSearch.prefixRange("user1")),
            ("first_name >= ?1 AND first_name < ?2", UserSearch.prefixRange("mi")),
            ("1", []), ("0", []),
        ] {
            let stepped = try database.integers("SELECT id FROM users WHERE \(condition)", parameters)
            XCTAssertEqual(try database.collectedIntegers("id", from: "users", where: condition, parameters), stepped, condition)
        }
        XCTAssertEqual(try database.collectedIntegers("id", from: "users", where: "1").count, 3_000)
        XCTAssertThrowsError(try database.scalar("SELECT triad_collect(1)"), "no function outside a call")
    }
}
