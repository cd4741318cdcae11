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
}
