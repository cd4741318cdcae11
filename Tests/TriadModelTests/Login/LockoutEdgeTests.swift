import XCTest

@testable import TriadModel

/// A lock's last second: a name locked after too many failures stays locked until the lock's
/// very end, and is let through at it.
final class LockoutEdgeTests: XCTestCase {
    final class Clock: @unchecked Sendable { var now: Int64 = 1_700_000_000 }

    func testALockHoldsToItsLastSecond() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let clock = Clock()
            let accounts = Accounts(store: try Store(directory: directory), policy: TestData.passwordPolicy, clock: { clock.now })
            var outcomes: [LoginOutcome] = []
            // A store without a writer thread answers at once: each login's outcome is in by the next line.
            for _ in 0..<Accounts.attemptsBeforeLock {
                accounts.logIn(name: "Bob", password: "wrong password") { outcomes.append($0) }
            }
            XCTAssertEqual(outcomes.last, .locked(secondsLeft: Accounts.firstLockSeconds))

            clock.now += Accounts.firstLockSeconds - 1
            var checked = false
            accounts.logIn(name: "Bob", password: "anything", checking: { checked = true }) { outcomes.append($0) }
            XCTAssertFalse(checked, "a name with a second of its lock left is checked")
            XCTAssertEqual(outcomes.last, .locked(secondsLeft: 1))

            clock.now += 1
            accounts.logIn(name: "Bob", password: "anything", checking: { checked = true }) { outcomes.append($0) }
            XCTAssertTrue(checked, "a name whose lock has run out is still refused without a check")
        }
    }

    /// Each failure past the first lock doubles it until the lock reaches its longest; from there
    /// every failure locks for `longestLockSeconds`, however many came before.
    func testLocksDoubleUpToTheLongestAndStayThere() {
        let now: Int64 = 1_700_000_000
        XCTAssertEqual(Accounts.lockedUntil(failures: Int64(Accounts.attemptsBeforeLock) - 1, now: now), 0, "not locked yet")
        var failures = Int64(Accounts.attemptsBeforeLock)
        var expected = Accounts.firstLockSeconds
        while expected < Accounts.longestLockSeconds {
            XCTAssertEqual(Accounts.lockedUntil(failures: failures, now: now) - now, expected, "\(failures) failures")
            failures += 1
            expected *= 2
        }
        XCTAssertGreaterThan(failures, Int64(Accounts.attemptsBeforeLock) + 5, "the longest lock is some doublings away")
        // The first failure whose doubling would pass the longest lock, and far past it.
        for more in [failures, failures + 1, failures + 30, 1_000, Int64.max / 2] {
            XCTAssertEqual(Accounts.lockedUntil(failures: more, now: now) - now, Accounts.longestLockSeconds, "\(more) failures")
        }
    }
}
