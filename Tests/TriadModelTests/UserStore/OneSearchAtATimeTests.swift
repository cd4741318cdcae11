import XCTest

@testable import TriadModel

/// The search field at scale: one search at a time, and a burst of keys faster than the store
/// collapses into its latest query, with no timer.
final class OneSearchAtATimeTests: XCTestCase {
    typealias DelayedService = UsersPresenterTests.DelayedService

    func testASearchRunsAtOnceWhenTheOneBeforeHasAnswered() {
        MainActor.assumeIsolated {
            let service = DelayedService()
            let searches = OneSearchAtATime(service)
            var answers: [String] = []
            searches.getUsers(matching: "m") { _ in answers.append("m") }
            XCTAssertEqual(service.queries, ["m"], "nothing before it: at once")
            service.pending[0](.success(UserList(UsersPresenterTests.twoUsers)))
            searches.getUsers(matching: "mi") { _ in answers.append("mi") }
            XCTAssertEqual(service.queries, ["m", "mi"], "the one before has answered: at once, no timer")
            service.pending[1](.firstRows(UserList(UsersPresenterTests.twoUsers)))
            searches.getUsers(matching: "mil") { _ in answers.append("mil") }
            XCTAssertEqual(service.queries, ["m", "mi", "mil"], "first rows shown are an answer")
            XCTAssertEqual(answers, ["m", "mi"])
        }
    }

    func testKeysTypedBeforeTheAnswerComeCollapseIntoTheLatest() {
        MainActor.assumeIsolated {
            let service = DelayedService()
            let searches = OneSearchAtATime(service)
            var answers: [String] = []
            for query in ["m", "mi", "mil", "mila"] { searches.getUsers(matching: query) { _ in answers.append(query) } }
            XCTAssertEqual(service.queries, ["m"], "the rest wait for the answer to the first")
            service.pending[0](.firstRows(UserList([])))
            XCTAssertEqual(service.queries, ["m"], "no rows to show yet: still waiting")
            service.pending[0](.firstRows(UserList(UsersPresenterTests.twoUsers)))
            XCTAssertEqual(service.queries, ["m", "mila"], "then only the latest runs")
            service.pending[0](.success(UserList(UsersPresenterTests.twoUsers)))  // the rest of "m" still comes
            service.pending[1](.success(UserList([])))
            XCTAssertEqual(answers, ["m", "m", "m", "mila"], "each answer reaches the one who asked; mi and mil never ran")
        }
    }

    func testAFailedOrEmptySearchLetsTheNextOneRun() {
        MainActor.assumeIsolated {
            let service = DelayedService()
            let searches = OneSearchAtATime(service)
            searches.getUsers(matching: "x") { _ in }
            searches.getUsers(matching: "xy") { _ in }
            service.pending[0](.failure("disk on fire"))
            XCTAssertEqual(service.queries, ["x", "xy"], "an error is an answer too")
            searches.getUsers(matching: "xyz") { _ in }
            service.pending[1](.success(UserList([])))
            XCTAssertEqual(service.queries, ["x", "xy", "xyz"], "and so is an empty list")
        }
    }
}
