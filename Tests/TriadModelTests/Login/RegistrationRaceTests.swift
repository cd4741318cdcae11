import XCTest

@testable import TriadModel

/// Two registrations of one name, both accepted before either is stored (the app hashes the
/// password off the main loop, so a second dialog can pass validation meanwhile): the store's
/// unique key decides, and the second hears that the name is taken, not that the disk failed.
final class RegistrationRaceTests: XCTestCase {
    func testTheSecondOfTwoRegistrationsOfOneNameHearsItIsTaken() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let accounts = Accounts(store: try Store(directory: directory), policy: TestData.passwordPolicy)
            let password = "correct horse battery"
            let first = try accounts.validateRegistration(name: "Alice", password: password, confirmation: password).get()
            let second = try accounts.validateRegistration(name: " ALICE ", password: password, confirmation: password).get()
            var outcomes: [Result<Void, RegistrationError>] = []
            accounts.register(first) { outcomes.append($0) }
            accounts.register(second) { outcomes.append($0) }
            XCTAssertEqual(outcomes.count, 2, "a store without a writer thread answers at once")
            XCTAssertNoThrow(try outcomes.first?.get())
            guard case .failure(let error)? = outcomes.last else { return XCTFail("the second registration was stored too") }
            XCTAssertEqual(error, .nameTaken)
            XCTAssertEqual(accounts.count, 1)
        }
    }
}
