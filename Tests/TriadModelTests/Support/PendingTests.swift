import Glibc
import TriadModel
import XCTest

/// Pending: a value made on a worker thread and taken once by the thread that started it (the
/// app opens its store this way while GTK builds the window).
final class PendingTests: XCTestCase {
    /// A class, not Sendable: the kind of value (a Store) that Pending hands across threads.
    final class Made {
        let thread: pthread_t
        let text: String
        init(text: String) {
            thread = pthread_self()
            self.text = text
        }
    }

    func testTheValueIsMadeOnAnotherThreadAndHandedOver() {
        let pending = Pending { Made(text: "opened") }
        let made = pending.value()
        XCTAssertEqual(made.text, "opened")
        XCTAssertEqual(pthread_equal(made.thread, pthread_self()), 0, "made on a worker, not on the caller's thread")
    }

    /// The worker is held until a third thread lets it go, and then says whether it was let go:
    /// `value()` can only return `true` if it waited for the worker instead of returning early.
    func testValueWaitsForTheWorker() {
        let gate = BoundedChannel<Bool>(capacity: 1)
        let pending = Pending { gate.receive() ?? false }
        WorkerThread.start {
            usleep(20_000)  // value() is (very likely) waiting by now; the result does not depend on it
            gate.send(true)
        }
        let letGo = pending.value()
        XCTAssertTrue(letGo)
    }
}
