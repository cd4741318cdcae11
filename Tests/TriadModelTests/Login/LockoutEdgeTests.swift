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
            for _ in 0..<Accounts.attemptsBeforeLock {
                accounts.finishLogin(nameKey: UserName.key("Bob"), displayName: nil, passwordMatched: false) { outcomes.append($0) }
            }
            XCTAssertEqual(outcomes.last, .locked(secondsLeft: Accounts.firstLockSeconds))

            clock.now += Accounts.firstLockSeconds - 1
            guard case .refuse(let outcome) = accounts.beginLogin(name: "Bob", password: "anything") else {
                return XCTFail("a name with a second of its lock left is let through")
            }
            XCTAssertEqual(outcome, .locked(secondsLeft: 1))

            clock.now += 1
            guard case .verify = accounts.beginLogin(name: "Bob", password: "anything") else {
                return XCTFail("a name whose lock has run out is still refused")
            }
        }
    }
}
