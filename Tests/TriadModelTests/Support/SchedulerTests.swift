import XCTest

@testable import TriadModel

/// Scheduler.swift: the hand-moved clock the model's policies are tested on, and the model's
/// debouncer on top of it.
final class SchedulerTests: XCTestCase {
    func testTheClockRunsWorkWhenItFallsDueInTheOrderOfItsTimes() {
        MainActor.assumeIsolated {
            let clock = ManualClock()
            var ran: [String] = []
            _ = clock.schedule(after: 30) { ran.append("thirty at \(clock.now)") }
            _ = clock.schedule(after: 10) { ran.append("ten at \(clock.now)") }
            _ = clock.schedule(after: 10) { ran.append("ten, second, at \(clock.now)") }
            let called = clock.schedule(after: 20) { ran.append("called off") }
            called.cancel()
            clock.advance(by: 9)
            XCTAssertEqual(ran, [])
            clock.advance(by: 100)
            XCTAssertEqual(ran, ["ten at 10", "ten, second, at 10", "thirty at 30"], "by time, then by scheduling")
            XCTAssertEqual(clock.now, 109)
            XCTAssertEqual(clock.waiting, 0)
        }
    }

    /// Work scheduled by work that runs runs in the same move if it falls due before its end.
    func testWorkScheduledByWorkRunsInTheSameMove() {
        MainActor.assumeIsolated {
            let clock = ManualClock()
            var times: [UInt64] = []
            _ = clock.schedule(after: 5) {
                times.append(clock.now)
                _ = clock.schedule(after: 5) { times.append(clock.now) }
            }
            clock.advance(by: 12)
            XCTAssertEqual(times, [5, 10])
        }
    }

    func testADelayRunsOnlyTheLastWorkOnceItsTimeHasPassedSinceTheLastSchedule() {
        MainActor.assumeIsolated {
            let clock = ManualClock()
            let delay = Delay(milliseconds: 100, on: clock)
            var ran: [String] = []
            delay.schedule { ran.append("first") }
            clock.advance(by: 60)
            delay.schedule { ran.append("second") }
            clock.advance(by: 60)
            XCTAssertEqual(ran, [], "the delay starts afresh")
            XCTAssertTrue(delay.isWaiting)
            clock.advance(by: 40)
            XCTAssertEqual(ran, ["second"])
            XCTAssertFalse(delay.isWaiting)
            delay.schedule { ran.append("third") }
            delay.cancel()
            clock.advance(by: 1_000)
            XCTAssertEqual(ran, ["second"])
            XCTAssertEqual(clock.waiting, 0)
        }
    }
}
