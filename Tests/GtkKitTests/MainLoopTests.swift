import CGtk
import Dispatch
import XCTest
@testable import GtkKit

/// MainLoop.swift: the hop from another thread, the wait for one, timeouts, the debouncer and
/// the once-per-turn coalescing.
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

    /// The main loop waits for a worker's result for the next frame: the wait ends when one is
    /// sent, or at its limit without one; the loop's own hops are not answers.
    func testWaitForAnswerEndsWhenAWorkerSendsOne() {
        final class Runs: @unchecked Sendable { var ran = 0 }  // touched on the main thread only
        let runs = Runs()
        MainActor.assumeIsolated {
            XCTAssertEqual(g_main_context_acquire(nil), 1, "this thread runs the loop, as the app's main thread does")
            defer { g_main_context_release(nil) }
            var mark = MainLoop.answersSent
            MainLoop.hop(beforeDrawing: true) { runs.ran += 1 }
            XCTAssertFalse(MainLoop.waitForAnswer(after: mark, milliseconds: 20), "the loop's own hop is no answer")
            mark = MainLoop.answersSent
            DispatchQueue.global().async {
                usleep(5_000)
                MainLoop.hop(beforeDrawing: true) { runs.ran += 10 }
            }
            XCTAssertTrue(MainLoop.waitForAnswer(after: mark, milliseconds: 5_000), "a worker's answer ends the wait")
            XCTAssertEqual(MainLoop.answersSent, mark + 1)
            XCTAssertEqual(runs.ran, 0, "waiting runs nothing")
            MainLoop.drain(until: { runs.ran == 11 }, timeoutSeconds: 2)
            XCTAssertEqual(runs.ran, 11, "both run on the loop's next turns")
        }
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

    /// The search field's coalescing: the calls made while one event is handled become the
    /// latest of them, run on the loop's next turn; a call in a later turn runs in its own.
    func testOncePerTurnRunsTheLatestCallOfATurn() {
        MainActor.assumeIsolated {
            let before = ClosureBoxes.live
            let coalesced = OncePerTurn()
            var runs: [Int] = []
            coalesced.schedule { runs.append(-1) }
            coalesced.schedule { runs.append(0) }  // the same event's second change: one run
            XCTAssertEqual(runs, [])
            _ = g_main_context_iteration(nil, 0)
            XCTAssertEqual(runs, [0], "the latest of one turn's calls runs on the next turn")
            for i in 1..<5 { coalesced.schedule { runs.append(i) } }
            _ = g_main_context_iteration(nil, 0)
            XCTAssertEqual(runs, [0, 4], "no interval: the next turn's calls run on the turn after it")
            coalesced.schedule { runs.append(7) }
            _ = g_main_context_iteration(nil, 0)
            XCTAssertEqual(runs, [0, 4, 7])
            coalesced.schedule { runs.append(8) }
            coalesced.cancel()
            MainLoop.drain(timeoutSeconds: 0.1)
            XCTAssertEqual(runs, [0, 4, 7], "a cancelled waiting call never runs")
            XCTAssertEqual(ClosureBoxes.live, before, "its sources release their closures")
        }
    }
}
