import Glibc
import XCTest

@testable import TriadModel

/// StoreUserService with a first frame to wait for: the rest of a long result is collected only
/// once the frame showing its first rows is drawn, so that gathering millions of ids does not
/// compete with that frame for the machine's cores.
final class StoreUserServiceTests: XCTestCase {
    /// Stands for the main loop: what the worker sends there waits until the test runs it, on the
    /// main thread, as the loop would.
    final class MainQueue: @unchecked Sendable {
        // @unchecked: `pending` is only touched with `lock` held.
        private let lock = MutexLock()
        private var pending: [@Sendable @MainActor () -> Void] = []

        func send(_ work: @escaping @Sendable @MainActor () -> Void) { lock.locked { pending.append(work) } }

        /// Runs what was sent until `condition` holds; false after five seconds without.
        @MainActor func run(until condition: () -> Bool) -> Bool {
            for _ in 0..<500 {
                let work = lock.locked { () -> [@Sendable @MainActor () -> Void] in
                    defer { pending = [] }
                    return pending
                }
                for run in work { run() }
                if condition() { return true }
                usleep(10_000)
            }
            return condition()
        }
    }

    /// Stands for GTK's frame: work asked to run after the next frame waits here until the test
    /// says the frame is drawn.
    final class Frames: @unchecked Sendable {
        private let lock = MutexLock()
        private var pending: [@Sendable @MainActor () -> Void] = []
        func afterDrawing(_ work: @escaping @Sendable @MainActor () -> Void) { lock.locked { pending.append(work) } }
        @MainActor func draw() { for work in lock.locked({ pending }) { work() } }
        var waiting: Int { lock.locked { pending.count } }
    }

    /// A store of `count` users, the service over it, the main loop it answers on, and the
    /// frames it waits for (drawn only when a test says so).
    @MainActor private static func serviceOverUsers(_ count: Int, in directory: String)
        throws -> (store: Store, service: StoreUserService, main: MainQueue, frames: Frames)
    {
        let store = try Store(directory: directory)
        try UserGenerator.generate(count, into: store)
        let main = MainQueue()
        let frames = Frames()
        let service = StoreUserService(
            path: store.path, mainDatabase: store.database, deliver: main.send,
            afterDrawing: frames.afterDrawing)
        return (store, service, main, frames)
    }

    /// The kind of an answer, for messages.
    private static func kind(_ result: UserLoadResult) -> String {
        switch result {
        case .success: "success"
        case .firstRows: "firstRows"
        case .failure(let message): "failure: \(message)"
        }
    }

    func testTheRestOfAResultWaitsUntilItsFirstRowsAreDrawn() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated { try Self.restWaitsForTheFrame(directory) }
    }

    @MainActor private static func restWaitsForTheFrame(_ directory: String) throws {
        let (_, service, main, frames) = try serviceOverUsers(1_000, in: directory)
        var answers: [UserLoadResult] = []
        service.getUsers(matching: "") { answers.append($0) }
        XCTAssertTrue(main.run(until: { answers.count == 1 }))
        guard case .firstRows(let firstRows) = answers[0] else { return XCTFail("first came \(kind(answers[0]))") }
        XCTAssertEqual(firstRows.count, 100)
        XCTAssertEqual(frames.waiting, 1, "handing them over asks to hear when they are drawn")
        usleep(150_000)  // far longer than the whole result takes for 1,000 users
        _ = main.run(until: { true })
        XCTAssertEqual(answers.count, 1, "the whole result is held back while the frame is not drawn")

        frames.draw()
        XCTAssertTrue(main.run(until: { answers.count == 2 }))
        guard case .success(let allRows) = answers[1] else { return XCTFail("then came \(kind(answers[1]))") }
        XCTAssertEqual(allRows.count, 1_000)
    }

    /// Rows the page drops (a newer search came first) are never drawn: their result still comes,
    /// after `drawingWait`, and the worker does not wait forever.
    func testRowsNeverDrawnHoldTheRestBackForAShortWhileOnly() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated { try Self.restComesWithoutTheFrame(directory) }
    }

    @MainActor private static func restComesWithoutTheFrame(_ directory: String) throws {
        let (_, service, main, _) = try serviceOverUsers(1_000, in: directory)  // no frame is ever drawn
        var answers: [UserLoadResult] = []
        service.getUsers(matching: "") { answers.append($0) }
        XCTAssertTrue(main.run(until: { answers.count == 2 }), "the whole result comes without the frame")
        guard case .firstRows = answers[0] else { return XCTFail("first came \(kind(answers[0]))") }
        guard case .success(let allRows) = answers[1] else { return XCTFail("then came \(kind(answers[1]))") }
        XCTAssertEqual(allRows.count, 1_000)
    }

    /// The rows of the first screenful come read with a result, by the worker, so that the main
    /// loop does not read them beside the frame that draws them; the others are read on demand
    /// through the main loop's connection.
    func testTheFirstRowsComeReadWithTheResult() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated { try Self.firstRowsComeRead(directory) }
    }

    @MainActor private static func firstRowsComeRead(_ directory: String) throws {
        let (store, service, main, frames) = try serviceOverUsers(1_000, in: directory)
        var answers: [UserLoadResult] = []
        service.getUsers(matching: "") { answers.append($0) }
        XCTAssertTrue(main.run(until: { answers.count == 1 }))
        guard case .firstRows(let firstRows) = answers[0] else { return XCTFail("first rows first") }
        frames.draw()
        XCTAssertTrue(main.run(until: { answers.count == 2 }))
        guard case .success(let allRows) = answers[1] else { return XCTFail("then the whole list") }
        // A narrow search (no first rows ahead of it): user10@, user100@ to user109@, user1000@.
        service.getUsers(matching: "user10") { answers.append($0) }
        XCTAssertTrue(main.run(until: { answers.count == 3 }))
        guard case .success(let narrowRows) = answers[2] else { return XCTFail("a narrow result") }
        XCTAssertEqual(narrowRows.count, 12)

        // From here on, the main loop's connection cannot read a user.
        try store.database.execute("ALTER TABLE users RENAME TO users_elsewhere")
        XCTAssertEqual(firstRows.user(at: 0)?.email, "user1@example.com")
        XCTAssertEqual(firstRows.user(at: 99)?.email, "user100@example.com")
        XCTAssertEqual(allRows.user(at: 99)?.email, "user100@example.com")
        XCTAssertNil(allRows.user(at: 100), "row 101 is read when asked for, and now cannot be")
        XCTAssertEqual(narrowRows.user(at: 11)?.email, "user1000@example.com")
    }

    func testALatchLetsThroughOnlyOnceOpened() {
        let latch = Latch()
        XCTAssertFalse(latch.wait(milliseconds: 20), "closed: the wait runs out")
        WorkerThread.start {
            usleep(20_000)
            latch.open()
        }
        XCTAssertTrue(latch.wait(milliseconds: 5_000), "opened by another thread while waiting")
        XCTAssertTrue(latch.wait(milliseconds: 0), "and stays open")
    }
}
