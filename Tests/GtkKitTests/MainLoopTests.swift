import CGtk
import Dispatch
import XCTest

@testable import GtkKit

/// MainLoop.swift: the hop from another thread, the wait for one, timeouts, the debouncer and
/// the once-per-turn coalescing.
final class MainLoopTests: DisplayTestCase {
    func testHopFromWorkerThreadRunsOnMainThread() {
        final class Flag: @unchecked Sendable {
            var ranOnMain: Bool?
            var done = false
        }
        let flag = Flag()
        DispatchQueue.global().async {
            MainLoop.hop {
                flag.ranOnMain = Thread.isMainThread
                flag.done = true
            }
        }
        MainActor.assumeIsolated {
            MainLoop.drain(until: { flag.done }, timeoutSeconds: 5)
        }
        XCTAssertEqual(flag.ranOnMain, true)
    }

    /// `whenIdle` waits for everything else: a hop queued after it still runs before it.
    func testWhenIdleRunsAfterWorkQueuedLater() {
        final class Order: @unchecked Sendable { var names: [String] = [] }  // main thread only
        let order = Order()
        MainActor.assumeIsolated {
            MainLoop.whenIdle { order.names.append("idle") }
            MainLoop.hop { order.names.append("hop") }
            MainLoop.drain(until: { order.names.count == 2 })
        }
        XCTAssertEqual(order.names, ["hop", "idle"])
    }

    func testAfterAndDebouncer() {
        MainActor.assumeIsolated {
            // Work another test left on the loop (a store's answer, a page's timer) runs first, so
            // that its closures are not counted as this test's.
            MainLoop.drain(timeoutSeconds: 0.5)
            let before = ClosureBoxes.live
            let debouncer = Debouncer(milliseconds: 20)
            var runs: [Int] = []
            for i in 0..<5 { debouncer.schedule { runs.append(i) } }
            MainLoop.drain(until: { !runs.isEmpty }, timeoutSeconds: 2)
            XCTAssertEqual(runs, [4], "only the last scheduled call runs")

            debouncer.schedule { runs.append(9) }
            debouncer.flush()
            XCTAssertEqual(runs, [4, 9], "flush runs the pending call at once")

            let source = MainLoop.after(milliseconds: 10) { runs.append(-1) }
            source.cancel()
            MainLoop.drain(timeoutSeconds: 0.05)
            XCTAssertEqual(runs, [4, 9], "a cancelled timeout never runs")
            XCTAssertEqual(ClosureBoxes.live, before, "timeouts release their closures")
        }
    }
}
