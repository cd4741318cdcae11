import Glibc
import XCTest
@testable import TriadModel

/// StoreUserService with a first frame to wait for: the rest of a long result is collected only
/// once the frame showing its first rows is drawn (#16), so that the count over millions of rows
/// does not compete with that frame for the machine's cores.
final class StoreUserServiceTests: XCTestCase {
    /// What the worker thread hands over, in order.
    final class Answers: @unchecked Sendable {
        // @unchecked: `results` is only touched with `lock` held.
        private let lock = MutexLock()
        private var results: [UserLoadResult] = []

        func add(_ result: UserLoadResult) { lock.locked { results.append(result) } }
        var count: Int { lock.locked { results.count } }

        /// The `number`th answer (1-based), once it has come; nil after five seconds without it.
        func wait(for number: Int) -> UserLoadResult? {
            for _ in 0..<500 {
                if let result = lock.locked({ results.count >= number ? results[number - 1] : nil }) { return result }
                usleep(10_000)
            }
            return nil
        }
    }

    /// Stands for the main loop: work asked to run after the next frame waits here until the
    /// test says the frame is drawn.
    final class Frames: @unchecked Sendable {
        private let lock = MutexLock()
        private var pending: [@Sendable () -> Void] = []
        func afterDrawing(_ work: @escaping @Sendable () -> Void) { lock.locked { pending.append(work) } }
        func draw() { lock.locked { pending }.forEach { $0() } }
        var waiting: Int { lock.locked { pending.count } }
    }

    /// A store of `count` users, the service over it, the frames it waits for (drawn only when a
    /// test says so) and where its answers go.
    @MainActor private static func serviceOverUsers(_ count: Int, in directory: String) throws
        -> (store: Store, service: StoreUserService, frames: Frames, answers: Answers) {
        let store = try Store(directory: directory)
        try UserGenerator.generate(count, into: store)
        let frames = Frames()
        let service = StoreUserService(path: store.path, mainDatabase: { store.database }, afterDrawing: frames.afterDrawing)
        return (store, service, frames, Answers())
    }

    func testTheRestOfAResultWaitsUntilItsFirstRowsAreDrawn() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated { try Self.restWaitsForTheFrame(directory) }
    }

    @MainActor private static func restWaitsForTheFrame(_ directory: String) throws {
        let (_, service, frames, answers) = try serviceOverUsers(1_000, in: directory)
        service.getUsers(matching: "", progress: { _ in }, completion: answers.add)

        let first = try XCTUnwrap(answers.wait(for: 1))
        guard case .firstRows(let makeFirstRows) = first else { return XCTFail("first came \(first.summary)") }
        // The first rows, handed to the view on the main thread as the presenter does.
        XCTAssertEqual(makeFirstRows().count, 100)
        XCTAssertEqual(frames.waiting, 1, "handing them over asks to hear when they are drawn")
        usleep(150_000)  // far longer than the whole result takes (a few ms for 1,000 users)
        XCTAssertEqual(answers.count, 1, "the whole result is held back while the frame is not drawn")

        frames.draw()
        let whole = try XCTUnwrap(answers.wait(for: 2))
        guard case .success(let makeAllRows) = whole else { return XCTFail("then came \(whole.summary)") }
        XCTAssertEqual(makeAllRows().count, 1_000)
    }

    /// Rows the presenter drops (a newer search came first) are never drawn: their result still
    /// comes, after `drawingWait`, and the worker does not wait forever.
    func testRowsNeverDrawnHoldTheRestBackForAShortWhileOnly() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated { try Self.restComesWithoutTheFrame(directory) }
    }

    @MainActor private static func restComesWithoutTheFrame(_ directory: String) throws {
        let (_, service, _, answers) = try serviceOverUsers(1_000, in: directory)  // no frame is ever drawn
        service.getUsers(matching: "", progress: { _ in }, completion: answers.add)
        let first = try XCTUnwrap(answers.wait(for: 1))
        guard case .firstRows = first else { return XCTFail("first came \(first.summary)") }
        let whole = try XCTUnwrap(answers.wait(for: 2), "the whole result comes without the frame")
        guard case .success(let makeAllRows) = whole else { return XCTFail("then came \(whole.summary)") }
        XCTAssertEqual(makeAllRows().count, 1_000)
    }

    /// The rows of the first screenful come read with a result, by the worker, so that the main
    /// loop does not read them beside the frame that draws them (#16); the others are read on
    /// demand through the main loop's connection.
    func testTheFirstRowsComeReadWithTheResult() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated { try Self.firstRowsComeRead(directory) }
    }

    @MainActor private static func firstRowsComeRead(_ directory: String) throws {
        let (store, service, frames, answers) = try serviceOverUsers(1_000, in: directory)
        service.getUsers(matching: "", progress: { _ in }, completion: answers.add)
        guard case .firstRows(let makeFirstRows) = try XCTUnwrap(answers.wait(for: 1)) else { return XCTFail("first rows first") }
        let firstRows = makeFirstRows()
        frames.draw()
        guard case .success(let makeAllRows) = try XCTUnwrap(answers.wait(for: 2)) else { return XCTFail("then the whole list") }
        let allRows = makeAllRows()
        // A narrow search (no first rows ahead of it): user10@, user100@ to user109@, user1000@.
        service.getUsers(matching: "user10", progress: { _ in }, completion: answers.add)
        guard case .success(let makeNarrowRows) = try XCTUnwrap(answers.wait(for: 3)) else { return XCTFail("a narrow result") }
        let narrowRows = makeNarrowRows()
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
        BackgroundThread.start {
            usleep(20_000)
            latch.open()
        }
        XCTAssertTrue(latch.wait(milliseconds: 5_000), "opened by another thread while waiting")
        XCTAssertTrue(latch.wait(milliseconds: 0), "and stays open")
    }
}
