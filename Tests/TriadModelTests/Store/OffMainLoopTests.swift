import Glibc
import XCTest

@testable import TriadModel

/// The write queue's slow work (a password's hash before it is stored): on a thread other than
/// the caller's once the app has handed in its hop to the main loop, its answer back through that
/// hop; without one, at once, as writes are.
final class OffMainLoopTests: XCTestCase {
    /// Whether the calling thread is `thread`.
    private static func isThread(_ thread: pthread_t) -> Bool { pthread_equal(pthread_self(), thread) != 0 }

    func testWithTheHopTheWorkRunsElsewhereAndAnswersThroughIt() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let mailbox = WriteQueueTests.Mailbox()
            store.startWriter(deliver: mailbox.deliver)
            let caller = pthread_self()
            var answers: [(workOnCaller: Bool, answerOnCaller: Bool)] = []
            store.writes.offMainLoop({ Self.isThread(caller) }) { workOnCaller in
                answers.append((workOnCaller, Self.isThread(caller)))
            }
            XCTAssertTrue(answers.isEmpty, "nothing answered before the main loop runs")
            XCTAssertFalse(store.writes.isWaiting, "slow work is not a write: nothing says Saving… for it")
            mailbox.run(until: { !answers.isEmpty })
            XCTAssertEqual(answers.count, 1)
            XCTAssertEqual(answers.first?.workOnCaller, false, "the work ran on another thread")
            XCTAssertEqual(answers.first?.answerOnCaller, true, "the answer came back to the caller's (main) thread")
        }
    }

    func testWithoutTheHopItRunsHereAndAnswersAtOnce() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let caller = pthread_self()
            var answers: [Bool] = []
            store.writes.offMainLoop({ Self.isThread(caller) }) { answers.append($0) }
            XCTAssertEqual(answers, [true], "the model tests and the tools: here, and before returning")
        }
    }
}
