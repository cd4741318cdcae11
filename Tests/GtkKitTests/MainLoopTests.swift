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
}
