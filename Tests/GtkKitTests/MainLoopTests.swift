import CGtk
import Dispatch
import XCTest
@testable import GtkKit

/// MainLoop.swift: the hop from another thread, timeouts and the debouncer.
final class MainLoopTests: DisplayTestCase {
    func testHopFromBackgroundThreadRunsOnMainThread() {
        final class Flag: @unchecked Sendable { var ranOnMain: Bool?; var done = false }
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

    func testAfterAndDebouncer() {
        MainActor.assumeIsolated {
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

    /// The search field's throttle: the first call of a burst runs on the loop's next turn, the
    /// rest collapse into the latest, run when the interval has passed; a quiet field runs the next
    /// call on the next turn again.
    func testThrottleRunsTheFirstAtOnceAndTheLatestOfTheRest() {
        MainActor.assumeIsolated {
            let before = ClosureBoxes.live
            let throttle = Throttle(milliseconds: 30)
            var runs: [Int] = []
            throttle.schedule { runs.append(-1) }
            throttle.schedule { runs.append(0) }  // the same event's second change: one run
            XCTAssertEqual(runs, [])
            _ = g_main_context_iteration(nil, 0)
            XCTAssertEqual(runs, [0], "the latest of one event's calls runs on the next turn")
            for i in 1..<5 { throttle.schedule { runs.append(i) } }
            XCTAssertEqual(runs, [0], "the rest wait for the interval")
            MainLoop.drain(until: { runs.count == 2 }, timeoutSeconds: 2)
            XCTAssertEqual(runs, [0, 4], "then only the latest of the burst")
            MainLoop.drain(timeoutSeconds: 0.1)  // the interval after the last run passes quietly
            XCTAssertEqual(runs, [0, 4])
            throttle.schedule { runs.append(7) }
            _ = g_main_context_iteration(nil, 0)
            XCTAssertEqual(runs, [0, 4, 7], "after a pause, on the next turn again")
            throttle.schedule { runs.append(8) }
            throttle.cancel()
            MainLoop.drain(timeoutSeconds: 0.1)
            XCTAssertEqual(runs, [0, 4, 7], "a cancelled waiting call never runs")
            XCTAssertEqual(ClosureBoxes.live, before, "the throttle's sources release their closures")
        }
    }
}
