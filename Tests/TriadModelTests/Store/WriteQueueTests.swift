import Glibc
import XCTest

@testable import TriadModel

/// The write queue with its writer thread, and another connection holding the file as a second
/// program would: the caller is never held, writes keep their order, a busy file is waited for
/// on the writer, and given up on with `.busy` after the patience.
final class WriteQueueTests: XCTestCase {
    /// Stands in for the main loop: the writer's answers wait here until the test runs them.
    final class Mailbox: @unchecked Sendable {
        // @unchecked: `waiting` is only touched with `lock` held.
        private let lock = MutexLock()
        private var waiting: [@Sendable @MainActor () -> Void] = []
        func deliver(_ work: @escaping @Sendable @MainActor () -> Void) { lock.locked { waiting.append(work) } }
        /// Runs what has arrived, until `condition` holds or `seconds` have passed.
        @MainActor func run(until condition: () -> Bool, seconds: Double = 10) {
            let deadline = WriteQueueTests.now() + seconds
            while !condition() && WriteQueueTests.now() < deadline {
                let arrived = lock.locked { () -> [@Sendable @MainActor () -> Void] in
                    defer { waiting = [] }
                    return waiting
                }
                for work in arrived { work() }
                usleep(1000)
            }
        }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func testBusyWritesWaitOnTheWriterInOrder() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let mailbox = Mailbox()
            store.startWriter(deliver: mailbox.deliver)
            let other = try Database(path: store.path)  // "another program"
            try other.execute("BEGIN IMMEDIATE")

            var outcomes: [String] = []
            let started = Self.now()
            store.writes.write({ try Store.setSetting("k", "first", in: $0) }, then: { outcomes.append("first \($0 == nil)") })
            store.writes.write({ try Store.setSetting("k", "second", in: $0) }, then: { outcomes.append("second \($0 == nil)") })
            XCTAssertLessThan(Self.now() - started, 0.5, "the caller is not held for the lock")
            XCTAssertTrue(store.writes.isWaiting)
            mailbox.run(until: { false }, seconds: 0.3)
            XCTAssertEqual(outcomes, [], "nothing is answered while the file is held")

            try other.execute("COMMIT")
            mailbox.run(until: { outcomes.count == 2 })
            XCTAssertEqual(outcomes, ["first true", "second true"], "both stored, in the order asked")
            XCTAssertFalse(store.writes.isWaiting)
            XCTAssertEqual(store.setting("k"), "second", "the later write wins")
        }
    }

    func testGivesUpWithBusyAfterItsPatience() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let mailbox = Mailbox()
            store.startWriter(patienceMilliseconds: 200, deliver: mailbox.deliver)
            let other = try Database(path: store.path)
            try other.execute("BEGIN IMMEDIATE")

            var failure: StoreError?
            var answered = false
            store.writes.write(
                { try Store.setSetting("k", "v", in: $0) },
                then: {
                    failure = $0
                    answered = true
                })
            mailbox.run(until: { answered })
            XCTAssertTrue(answered)
            XCTAssertEqual(failure?.kind, .busy)
            XCTAssertEqual(
                failure?.explained("Your address was not saved; what you typed is still in the form."),
                "Your address was not saved; what you typed is still in the form. Another program is using the data file. Try again when the other program has finished."
            )
            try other.execute("COMMIT")
            XCTAssertNil(store.setting("k"), "nothing of the failed write was stored")

            var again: StoreError??
            store.writes.write({ try Store.setSetting("k", "v", in: $0) }, then: { again = .some($0) })
            mailbox.run(until: { again != nil })
            XCTAssertEqual(again, .some(nil), "once the file is free, the next write works")
            XCTAssertEqual(store.setting("k"), "v")
        }
    }

    func testAFailedWriteStoresNothingAndTheNextOneRuns() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            var outcomes: [StoreError.Kind?] = []
            store.writes.write(
                { database in
                    try Store.setSetting("half", "written", in: database)
                    try database.execute("INSERT INTO nonexistent VALUES (1)")
                }, then: { outcomes.append($0?.kind) })
            store.writes.write({ try Store.setSetting("k", "v", in: $0) }, then: { outcomes.append($0?.kind) })
            XCTAssertEqual(outcomes, [.other, nil])
            XCTAssertNil(store.setting("half"), "the failed transaction was rolled back")
            XCTAssertEqual(store.setting("k"), "v")
        }
    }

    func testMessagesAreTriadsOwnWords() {
        let io = StoreError(code: 10 | (4 << 8), detail: "disk I/O error")  // SQLITE_IOERR_READ-style
        XCTAssertEqual(io.kind, .diskError)
        XCTAssertFalse(io.userMessage.contains("disk I/O error"), "SQLite's wording stays out of the window")
        XCTAssertEqual(io.userMessage, "The disk reported an error while writing. Try again; if it keeps failing, check the disk.")
        XCTAssertEqual(StoreError(code: 13, detail: "database or disk is full").kind, .full)
        XCTAssertEqual(StoreError(code: 5, detail: "database is locked").kind, .busy)
    }
}

/// A pthread mutex for the tests' mailbox.
final class MutexLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init() { pthread_mutex_init(mutex, nil) }
    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
