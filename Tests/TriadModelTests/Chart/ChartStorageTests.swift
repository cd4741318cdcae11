import Glibc
import XCTest

@testable import TriadModel

/// The chart in the store (ChartStorage.swift, ChartSaver.swift): saved after each change through
/// the write queue, loaded at start, the example in place of a damaged row set.
final class ChartStorageTests: XCTestCase {
    private static let rowsQuery = "SELECT position, name, votes FROM chart_options ORDER BY position"

    func testAChangedChartComesBackAsItWasLeft() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            do {
                let model = ChartModel(store: try Store(directory: directory))
                var answers: [StoreError?] = []
                model.saveAnswered = { answers.append($0) }
                try model.rename(at: 0, to: "Äpfel 🍎")
                try model.setVotes(at: 0, typed: "2147483647")
                try model.removeOption(at: 2)
                try model.addOption()
                XCTAssertEqual(answers.count, 4, "one save per change")
                XCTAssertTrue(answers.allSatisfy { $0 == nil })
                XCTAssertFalse(model.hasUnsavedChanges)
                XCTAssertNil(model.lastSaveError)
            }
            let store = try Store(directory: directory)
            XCTAssertEqual(
                try store.database.rows(Self.rowsQuery),
                [
                    [.integer(0), .text("Äpfel 🍎"), .integer(2_147_483_647)], [.integer(1), .text("Pears"), .integer(7)],
                    [.integer(2), .text("Cherries"), .integer(9)], [.integer(3), .text("Figs"), .integer(3)],
                    [.integer(4), .text("Option 5"), .integer(0)],
                ])
            XCTAssertEqual(store.setting("chart.title"), "Favourite fruit")
            let reopened = ChartModel(store: store)
            XCTAssertNil(reopened.loadProblem)
            XCTAssertEqual(reopened.poll.title, "Favourite fruit")
            XCTAssertEqual(summary(reopened.poll), ["Äpfel 🍎 2147483647", "Pears 7", "Cherries 9", "Figs 3", "Option 5 0"])
            XCTAssertFalse(reopened.canUndo, "the history is the session's, as UndoManager's is")
        }
    }

    func testUndoIsStoredToo() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            do {
                let model = ChartModel(store: try Store(directory: directory))
                try model.paste("Yes,3\nNo,4")
                model.undo()
            }
            XCTAssertEqual(ChartModel(store: try Store(directory: directory)).poll, Poll.example)
        }
    }

    /// With the app's writer thread: a change never waits for the disk, and changes made while
    /// a write is out are stored together by one more write, the poll as it is then.
    func testChangesMadeWhileAWriteIsOutAreStoredByOneMoreWrite() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let mailbox = WriteQueueTests.Mailbox()
            store.startWriter(deliver: mailbox.deliver)
            let model = ChartModel(store: store)
            var answers: [StoreError?] = []
            model.saveAnswered = { answers.append($0) }
            for _ in 0..<5 { try model.adjustVotes(at: 0, by: 1) }
            XCTAssertTrue(model.hasUnsavedChanges)
            XCTAssertEqual(answers.count, 0, "nothing answered before the main loop runs")
            mailbox.run(until: { answers.count == 2 && !store.writes.isWaiting })
            mailbox.run(until: { false }, seconds: 0.2)
            XCTAssertEqual(answers.count, 2, "the first write, then one for the four changes made meanwhile")
            XCTAssertFalse(model.hasUnsavedChanges)
            XCTAssertEqual(try store.database.scalar("SELECT votes FROM chart_options WHERE position = 0"), .integer(17))
        }
    }

    func testAFailedSaveIsSaidAndTheNextChangeTriesAgain() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let mailbox = WriteQueueTests.Mailbox()
            store.startWriter(patienceMilliseconds: 100, deliver: mailbox.deliver)
            let model = ChartModel(store: store)
            var answers: [StoreError?] = []
            model.saveAnswered = { answers.append($0) }
            let other = try Database(path: store.path)  // another program holding the file
            try other.execute("BEGIN IMMEDIATE")
            try model.setVotes(at: 1, typed: "70")
            mailbox.run(until: { !answers.isEmpty })
            XCTAssertEqual(answers.first??.kind, .busy)
            XCTAssertEqual(model.lastSaveError?.kind, .busy)
            XCTAssertTrue(model.hasUnsavedChanges)
            XCTAssertEqual(model.poll.options[1].votes, 70, "the change stays shown")
            try other.execute("COMMIT")
            try model.setVotes(at: 2, typed: "50")
            mailbox.run(until: { answers.count == 2 })
            XCTAssertEqual(answers.count, 2)
            XCTAssertNil(answers[1] as StoreError?)
            XCTAssertNil(model.lastSaveError)
            XCTAssertFalse(model.hasUnsavedChanges)
            XCTAssertEqual(try store.database.integers("SELECT votes FROM chart_options ORDER BY position"), [12, 70, 50, 9, 3])
        }
    }

    /// The model tries a failed save again by itself, after a while (the page has no Save button).
    func testAFailedSaveIsTriedAgainAfterAWhile() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let (store, mailbox, clock, model) = try Self.busyChart(in: directory)
            var answers: [StoreError?] = []
            model.saveAnswered = { answers.append($0) }
            let other = try Database(path: store.path)  // another program holding the file
            try other.execute("BEGIN IMMEDIATE")
            try model.setVotes(at: 0, typed: "40")
            mailbox.run(until: { !answers.isEmpty })
            XCTAssertEqual(answers.first??.kind, .busy)
            try other.execute("COMMIT")
            clock.advance(by: ChartSaver.retryMilliseconds - 1)
            mailbox.run(until: { false }, seconds: 0.2)
            XCTAssertEqual(answers.count, 1, "not tried again before the delay")
            clock.advance(by: 1)
            mailbox.run(until: { answers.count == 2 })
            guard answers.count == 2 else { return XCTFail("no second try: \(answers)") }
            XCTAssertNil(answers[1], "told of the try that stored it")
            XCTAssertFalse(model.hasUnsavedChanges)
            XCTAssertEqual(try store.database.integers("SELECT votes FROM chart_options WHERE position = 0"), [40])
        }
    }

    /// Closing the window stores the change at once, in place of the try still to come; with
    /// nothing to store it answers at once.
    func testClosingStoresAtOnceInPlaceOfTheNextTry() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let (store, mailbox, clock, model) = try Self.busyChart(in: directory)
            var answers: [StoreError?] = []
            model.saveAnswered = { answers.append($0) }
            var closing: [StoreError?] = []
            model.saveBeforeClosing { closing.append($0) }
            XCTAssertEqual(closing.count, 1, "nothing to store: answered at once")
            let other = try Database(path: store.path)
            try other.execute("BEGIN IMMEDIATE")
            try model.rename(at: 1, to: "Quinces")
            mailbox.run(until: { !answers.isEmpty })
            try other.execute("COMMIT")
            model.saveBeforeClosing { closing.append($0) }
            mailbox.run(until: { closing.count == 2 })
            guard closing.count == 2 else { return XCTFail("the closing save was not answered: \(closing)") }
            XCTAssertNil(closing[1])
            XCTAssertEqual(answers.count, 2, "the page hears the closing save's answer too")
            clock.advance(by: ChartSaver.retryMilliseconds)
            mailbox.run(until: { false }, seconds: 0.1)
            XCTAssertEqual(answers.count, 2, "the next try was called off")
            XCTAssertEqual(try store.database.scalar("SELECT name FROM chart_options WHERE position = 1"), .text("Quinces"))
        }
    }

    /// A chart on the app's writer thread (whose answers `mailbox` runs) that gives up on a held
    /// file soon, with its delays on a hand-moved clock.
    @MainActor private static func busyChart(
        in directory: String
    ) throws -> (Store, WriteQueueTests.Mailbox, ManualClock, ChartModel) {
        let store = try Store(directory: directory)
        let mailbox = WriteQueueTests.Mailbox()
        store.startWriter(patienceMilliseconds: 100, deliver: mailbox.deliver)
        let clock = ManualClock()
        return (store, mailbox, clock, ChartModel(store: store, scheduler: clock))
    }

    func testSaveBeforeExitWaitsForTheStore() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let mailbox = WriteQueueTests.Mailbox()  // never run: the main loop has stopped
            store.startWriter(deliver: mailbox.deliver)
            let model = ChartModel(store: store)
            try model.rename(at: 4, to: "Dates")
            XCTAssertTrue(model.hasUnsavedChanges)
            try model.saveBeforeExit()
            XCTAssertFalse(model.hasUnsavedChanges)
            var done: StoreError?? = .none
            model.save { done = .some($0) }
            XCTAssertEqual(done, .some(nil), "nothing left to save: answered at once")
        }
        let reopened = try Store(directory: directory)
        XCTAssertEqual(try reopened.database.scalar("SELECT name FROM chart_options WHERE position = 4"), .text("Dates"))
    }

    /// A store as the previous version of Triad left it (five migrations, a note in it) gets the
    /// chart's table, keeps what it held, and shows the example.
    func testAStoreOfTheFifthSchemaGetsTheChartsTable() throws {
        let directory = makeTemporaryDirectory(self)
        let freshDirectory = makeTemporaryDirectory(self)
        do {
            let database = try Database(path: "\(directory)/\(DataLocation.fileName)")
            try Store.configure(database)
            try database.transaction {
                for version in 0..<5 { try Store.migrations[version](database) }
                try database.setUserVersion(5)
                try database.execute("INSERT INTO note (id, text, saved_at) VALUES (1, 'kept', 0)")
            }
            XCTAssertThrowsError(try database.execute("SELECT count(*) FROM chart_options"), "the fifth schema has no chart")
        }
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            XCTAssertEqual(store.database.userVersion, Store.schemaVersion)
            XCTAssertFalse(store.isNew)
            XCTAssertEqual(try store.database.scalar("SELECT text FROM note"), .text("kept"))
            let model = ChartModel(store: store)
            XCTAssertEqual(model.poll, Poll.example)
            XCTAssertNil(model.loadProblem, "an empty table is no damage")
            try model.setVotes(at: 0, typed: "1")
            XCTAssertEqual(try store.database.scalar("SELECT count(*) FROM chart_options"), .integer(5))
            XCTAssertThrowsError(
                try store.database.execute("INSERT INTO chart_options (position, name, votes) VALUES (9, 'x', -1)"),
                "the table refuses a count out of range")
            let schema = "SELECT sql FROM sqlite_master WHERE tbl_name = 'chart_options'"
            XCTAssertEqual(
                try store.database.rows(schema), try Store(directory: freshDirectory).database.rows(schema),
                "the migrated table is the one a new store makes")
        }
    }
}
