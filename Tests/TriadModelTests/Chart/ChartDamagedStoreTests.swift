import Glibc
import XCTest

@testable import TriadModel

/// ChartStorage.swift: a stored chart that breaks the rules is never shown as it is: the example
/// comes back and the page says why, or the store moves the file aside.
final class ChartDamagedStoreTests: XCTestCase {
    private static let rowsQuery = "SELECT position, name, votes FROM chart_options ORDER BY position"

    /// Rows another writer left that the table takes but a chart cannot have. (A count out of
    /// range or not a number breaks the table's CHECK: the next test.)
    func testADamagedRowSetFallsBackToTheExampleAndSaysSo() throws {
        let rows = "INSERT INTO chart_options (position, name, votes) VALUES "
        let catalog: [(String, [String], ChartLoadProblem, String)] = [
            ("one row", [rows + "(0, 'Only', 4)"], .tooFewOptions(count: 1), "It held 1 option."),
            (
                "a fractional count", [rows + "(0, 'A', 4), (1, 'B', 1.5)"], .badRow(position: 1),
                "Its option 2 had a name or a number of votes that a chart cannot have."
            ),
            (
                "two names the same but for case", [rows + "(0, 'Figs', 1), (1, 'FIGS', 2)"], .badRow(position: 1),
                "Its option 2 had a name or a number of votes that a chart cannot have."
            ),
            (
                "an empty name", [rows + "(0, ' ', 1), (1, 'B', 2)"], .badRow(position: 0),
                "Its option 1 had a name or a number of votes that a chart cannot have."
            ),
            (
                "a name that is no text", [rows + "(0, 'A', 1), (1, x'00ff', 2)"], .badRow(position: 1),
                "Its option 2 had a name or a number of votes that a chart cannot have."
            ),
            (
                "thirteen rows", [rows + (0..<13).map { "(\($0), 'O\($0)', 1)" }.joined(separator: ", ")], .tooManyOptions,
                "It held more than 12 options."
            ),
            (
                "no title", [rows + "(0, 'A', 1), (1, 'B', 2)", "DELETE FROM settings WHERE key = 'chart.title'"], .badTitle,
                "Its title was missing or damaged."
            ),
            (
                "an empty title", [rows + "(0, 'A', 1), (1, 'B', 2)", "UPDATE settings SET value = '' WHERE key = 'chart.title'"],
                .badTitle,
                "Its title was missing or damaged."
            ),
        ]
        for (what, statements, problem, reason) in catalog {
            let directory = makeTemporaryDirectory(self)
            try MainActor.assumeIsolated {
                do {  // a good chart, stored, then damaged by another writer
                    let store = try Store(directory: directory)
                    try ChartModel(store: store).setVotes(at: 0, typed: "1")
                    try store.database.execute("DELETE FROM chart_options")
                    for statement in statements { try store.database.execute(statement) }
                }
                let store = try Store(directory: directory)
                let damaged = try store.database.rows(Self.rowsQuery)
                let model = ChartModel(store: store)
                XCTAssertEqual(model.loadProblem, problem, what)
                XCTAssertEqual(
                    model.loadProblem?.message, "The stored chart could not be used, so the first example is shown. " + reason, what)
                XCTAssertEqual(model.poll, Poll.example, what)
                XCTAssertFalse(model.hasUnsavedChanges, what)
                XCTAssertEqual(try store.database.rows(Self.rowsQuery), damaged, "\(what): kept until the next change")
                try model.setVotes(at: 0, typed: "2")
                XCTAssertEqual(try store.database.integers("SELECT votes FROM chart_options ORDER BY position"), [2, 7, 5, 9, 3], what)
                XCTAssertNil(ChartModel(store: store).loadProblem, "\(what): the example now stored is whole")
            }
        }
    }

    /// A count the table's CHECK refuses, written with the checks turned off: the store's own
    /// check at open finds it, and the file is moved aside as any damaged file is.
    func testACountPastTheTablesCheckMovesTheFileAside() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            do {
                let store = try Store(directory: directory)
                try ChartModel(store: store).setVotes(at: 0, typed: "1")
                try store.database.execute("PRAGMA ignore_check_constraints = ON")
                try store.database.execute("UPDATE chart_options SET votes = 4294967296 WHERE position = 1")
            }
            let store = try Store(directory: directory)
            XCTAssertNotNil(store.recoveredFile, "the damaged file is kept, aside")
            let model = ChartModel(store: store)
            XCTAssertEqual(model.poll, Poll.example)
            XCTAssertNil(model.loadProblem, "a new store holds no chart: the store says what happened")
        }
    }

    /// A store whose table is gone (a schema another program changed): the example, and why.
    func testAnUnreadableTableFallsBackToTheExample() throws {
        try MainActor.assumeIsolated {
            let store = try Store(inMemory: ())
            try store.database.execute("DROP TABLE chart_options")
            let model = ChartModel(store: store)
            XCTAssertEqual(model.poll, Poll.example)
            XCTAssertEqual(model.loadProblem, .unreadable)
            XCTAssertEqual(
                model.loadProblem?.message, "The stored chart could not be used, so the first example is shown. It could not be read.")
            var answer: StoreError?
            model.saveAnswered = { answer = $0 }
            try model.setVotes(at: 0, typed: "1")
            XCTAssertNotNil(answer, "nothing can be stored without the table, and the page is told")
            XCTAssertTrue(model.hasUnsavedChanges)
        }
    }
}
