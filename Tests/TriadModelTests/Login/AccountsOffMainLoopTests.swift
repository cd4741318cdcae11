import Glibc
import XCTest

@testable import TriadModel

/// Login and registration as the app runs them: the store has a writer, and the model's slow
/// work (yescrypt) runs off the main loop and answers through the same hop as the store's writes.
/// The test's mailbox stands in for the main loop, so what has been answered before it runs is
/// what the caller would have seen at once.
final class AccountsOffMainLoopTests: XCTestCase {
    private typealias Mailbox = WriteQueueTests.Mailbox
    private static let password = "correct horse battery"

    /// The shortest of three yescrypt checks: the time a login spent on the caller's thread would take.
    private static func checkSeconds() throws -> Double {
        let hash = try PasswordHasher.hash("anything at all")
        return (0..<3).map { _ in seconds { _ = PasswordHasher.verify("something else", against: hash) } }.min() ?? 0
    }

    private static func seconds(_ body: () -> Void) -> Double {
        let start = WriteQueueTests.now()
        body()
        return WriteQueueTests.now() - start
    }

    @MainActor private static func accountsWithWriter(in directory: String, _ mailbox: Mailbox) throws -> Accounts {
        let store = try Store(directory: directory)
        store.startWriter(deliver: mailbox.deliver)
        return Accounts(store: store, policy: TestData.passwordPolicy)
    }

    @MainActor private static func register(_ accounts: Accounts, _ name: String, _ mailbox: Mailbox) throws {
        let accepted = try accounts.validateRegistration(name: name, password: Self.password, confirmation: Self.password).get()
        var result: Result<Void, RegistrationError>?
        accounts.register(accepted) { result = $0 }
        mailbox.run(until: { result != nil })
        try XCTUnwrap(result).get()
    }

    func testLoginSaysCheckingThenAnswersOnlyThroughTheMainLoop() throws {
        let check = try Self.checkSeconds()
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let mailbox = Mailbox()
            let accounts = try Self.accountsWithWriter(in: directory, mailbox)
            try Self.register(accounts, "Alice", mailbox)
            for (typed, expected) in [(Self.password, LoginOutcome.signedIn(displayName: "Alice")), ("wrong password", .wrong)] {
                var heard: [String] = []
                let spent = Self.seconds {
                    accounts.logIn(name: "alice", password: typed, checking: { heard.append("checking") }) {
                        heard.append("\($0)")
                    }
                }
                XCTAssertEqual(heard, ["checking"], "the check has begun, and nothing is answered before the main loop runs")
                XCTAssertLessThan(spent, check / 2, "the caller is not held for the check (\(spent) s; a check takes \(check) s)")
                mailbox.run(until: { heard.count == 2 })
                XCTAssertEqual(heard, ["checking", "\(expected)"])
            }
        }
    }

    func testARefusalAnswersAtOnceWithoutChecking() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let mailbox = Mailbox()
            let accounts = try Self.accountsWithWriter(in: directory, mailbox)
            for (name, typed) in [("", Self.password), ("Alice", ""), ("   ", Self.password)] {
                var heard: [String] = []
                accounts.logIn(name: name, password: typed, checking: { heard.append("checking") }) { heard.append("\($0)") }
                XCTAssertEqual(heard, ["\(LoginOutcome.missingFields)"], "\(name.debugDescription), \(typed.debugDescription)")
            }
        }
    }

    func testAnUnknownNameIsCheckedAndAnsweredAsAWrongPassword() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let mailbox = Mailbox()
            let accounts = try Self.accountsWithWriter(in: directory, mailbox)
            var heard: [String] = []
            accounts.logIn(name: "Mallory", password: Self.password, checking: { heard.append("checking") }) { heard.append("\($0)") }
            XCTAssertEqual(heard, ["checking"], "an unknown name is checked (against the decoy) like any other")
            mailbox.run(until: { heard.count == 2 })
            XCTAssertEqual(heard, ["checking", "\(LoginOutcome.wrong)"])
        }
    }

    func testRegisterHashesOffTheMainLoopThenStoresTheHashAlone() throws {
        let check = try Self.checkSeconds()
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let mailbox = Mailbox()
            let accounts = try Self.accountsWithWriter(in: directory, mailbox)
            let accepted = try accounts.validateRegistration(name: "Alice", password: Self.password, confirmation: Self.password).get()
            var result: Result<Void, RegistrationError>?
            let spent = Self.seconds { accounts.register(accepted) { result = $0 } }
            XCTAssertNil(result, "nothing is answered before the main loop runs")
            XCTAssertLessThan(spent, check / 2, "the caller is not held for the hash (\(spent) s; a hash takes \(check) s)")
            mailbox.run(until: { result != nil })
            XCTAssertNoThrow(try XCTUnwrap(result).get())
            XCTAssertEqual(accounts.count, 1)

            var outcome: LoginOutcome?
            accounts.logIn(name: "ALICE", password: Self.password) { outcome = $0 }
            mailbox.run(until: { outcome != nil })
            XCTAssertEqual(outcome, .signedIn(displayName: "Alice"), "what was stored is the password's hash")
        }
    }

    func testANameRegisteredMeanwhileIsSaidToBeTaken() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let mailbox = Mailbox()
            let accounts = try Self.accountsWithWriter(in: directory, mailbox)
            // Two dialogs accept the same name before either is stored.
            let first = try accounts.validateRegistration(name: "Alice", password: Self.password, confirmation: Self.password).get()
            let second = try accounts.validateRegistration(name: "ALICE", password: Self.password, confirmation: Self.password).get()
            var results: [Result<Void, RegistrationError>] = []
            accounts.register(first) { results.append($0) }
            mailbox.run(until: { results.count == 1 })
            accounts.register(second) { results.append($0) }
            mailbox.run(until: { results.count == 2 })
            XCTAssertEqual(results.count, 2)
            XCTAssertNoThrow(try results[0].get())
            XCTAssertThrowsError(try results[1].get()) { XCTAssertEqual($0 as? RegistrationError, .nameTaken) }
            XCTAssertEqual(accounts.count, 1)
        }
    }

    func testTheInMemoryStoreStillChecksOffTheMainLoop() throws {
        try MainActor.assumeIsolated {
            let mailbox = Mailbox()
            let store = try Store(inMemory: ())
            store.startWriter(deliver: mailbox.deliver)  // as the app does with the store it fell back to
            let accounts = Accounts(store: store, policy: TestData.passwordPolicy)
            var outcome: LoginOutcome?
            accounts.logIn(name: "Alice", password: Self.password) { outcome = $0 }
            XCTAssertNil(outcome, "the check left the main loop though the store has no writer")
            mailbox.run(until: { outcome != nil })
            XCTAssertEqual(outcome, .wrong)
        }
    }
}
