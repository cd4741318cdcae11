import Foundation
import XCTest

@testable import TriadModel

/// Copy as Test's generator, on sessions recorded as the pane's stand-ins record them (the
/// real-window test compiles and runs what it writes: Tests/UI/copytest.py).
final class TestGeneratorTests: XCTestCase {
    /// A log recording, as the pane's is while it is open.
    private func recording() -> MessageLog {
        let log = MessageLog()
        log.start {}
        return log
    }

    /// One press of the MVP adder's Add, as the stand-ins record it: the button, the view's
    /// `add`, the model asked, the view told.
    private func press(_ log: MessageLog, _ first: String, _ second: String, shows: (String, [String])) {
        log.record(.view, .view, .targetAction, "clicked → AdderPassiveView.addPressed")
        log.record(.view, .presenter, .call, "add", receiver: AdderPresenter.self, member: "add(_:_:)", arguments: [first, second])
        log.record(.presenter, .model, .call, "model.set", receiver: AdderModel.self, member: "set(_:_:)")
        log.record(.presenter, .view, .viewUpdate, "shown", receiver: PassiveViewProbe.self, member: shows.0, arguments: shows.1)
    }

    private final class PassiveViewProbe {}
    private final class UsersViewProbe {}

    func testTheAdderSessionBecomesItsPressesAndTheViewCallsInOrder() throws {
        let log = recording()
        press(log, "40", "2", shows: ("showSum(_:)", ["42"]))
        log.startNewRows()
        press(log, "4\"0", "two", shows: ("showError(_:field:)", ["Enter a whole number in the second field", "second"]))
        let method = try XCTUnwrap(TestGenerator.xcTestMethod(log.messages, for: .adder))
        XCTAssertTrue(method.contains("        presenter.add(\"40\", \"2\")\n            presenter.add(\"4\\\"0\", \"two\")\n"), method)
        let lines = method.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let expected = try XCTUnwrap(lines.firstIndex(of: "view.told,"), method)
        XCTAssertEqual(
            Array(lines[expected...].prefix(5)),
            [
                "view.told,", "[", #""showSum(\"42\")","#, #""showError(\"Enter a whole number in the second field\", field: .second)","#,
                "])",
            ])
        XCTAssertTrue(method.hasPrefix("    /// Recorded in Triad's Messages pane on the adder"), method)
        XCTAssertTrue(method.contains("    func testRecordedAdderSession() {\n"), method)
        XCTAssertTrue(method.contains("let presenter = AdderPresenter()"), method)
    }

    func testAMergedCycleIsSentAsManyTimesAsItCountsInItsOrder() throws {
        // Two presses in a burst merge into four rows counted twice: the test presses twice, and
        // expects the sum after each press, not both presses first.
        let log = recording()
        press(log, "1", "2", shows: ("showSum(_:)", ["3"]))
        press(log, "1", "2", shows: ("showSum(_:)", ["3"]))
        XCTAssertEqual(log.messages.map(\.count), [2, 2, 2, 2], "the recorder merged the cycle")
        let steps = TestGenerator.steps(log.messages, for: .adder)
        XCTAssertEqual(
            steps,
            [
                .drive("presenter.add(\"1\", \"2\")"), .expect("showSum(\"3\")"), .drive("presenter.add(\"1\", \"2\")"),
                .expect("showSum(\"3\")"),
            ])
    }

    func testNothingToDriveNothingToCopy() {
        let log = recording()
        log.record(.presenter, .view, .viewUpdate, "shown", receiver: PassiveViewProbe.self, member: "showSum(_:)", arguments: ["3"])
        XCTAssertNil(TestGenerator.xcTestMethod(log.messages, for: .adder), "a view call alone: nothing to drive the presenter with")
        XCTAssertNil(TestGenerator.xcTestMethod([], for: .users))
        XCTAssertEqual(
            TestGenerator.steps(log.messages, for: .adder), [], "a view call before the first press has a cause the test cannot send")
    }

    /// A search as the users page's stand-ins record it: the view controller's call (with the
    /// request's number), and the presenter's view told it is loading.
    private func search(_ log: MessageLog, _ query: String, request: Int) {
        log.record(.view, .controller, .targetAction, "changed → search")
        log.record(
            .controller, .presenter, .call, "getUsers", receiver: UsersPresenter.self, member: "getUsers(matching:)",
            arguments: [query, String(request)])
        view(log, "startLoading()")
    }

    private func answer(_ log: MessageLog, request: Int, _ kind: String, _ detail: String) {
        log.record(
            .store, .presenter, .delegate, "callBack", receiver: UsersPresenter.self, member: "getUsers(matching:)",
            arguments: [String(request), kind, detail])
    }

    private func view(_ log: MessageLog, _ member: String, _ arguments: [String]? = nil) {
        log.record(.presenter, .view, .viewUpdate, member, receiver: UsersViewProbe.self, member: member, arguments: arguments)
    }

    /// Two searches whose first one's rows come late, then a third that fails.
    private func searchTwiceThenFail(_ log: MessageLog) {
        log.startNewRows()
        search(log, "a", request: 4)
        log.startNewRows()
        search(log, "ab", request: 5)
        log.startNewRows()
        answer(log, request: 4, "firstRows", "2")  // stale: the presenter drops it
        log.startNewRows()
        answer(log, request: 5, "success", "0")
        view(log, "finishLoading()")
        view(log, "setEmptyUsers()")
        log.startNewRows()
        search(log, "x\"y", request: 6)
        answer(log, request: 6, "failure", "disk on fire")
        view(log, "finishLoading()")
        view(log, "showError(_:)", ["disk on fire"])
    }

    func testTheUsersSessionGivesEachAnswerToTheSearchItAnswered() throws {
        let log = recording()
        answer(log, request: 3, "success", "3")  // asked before the pane opened
        view(log, "finishLoading()")
        searchTwiceThenFail(log)
        XCTAssertEqual(
            TestGenerator.steps(log.messages, for: .users),
            [
                .drive("presenter.getUsers(matching: \"a\")"), .expect("startLoading()"),
                .drive("presenter.getUsers(matching: \"ab\")"), .expect("startLoading()"),
                .drive("service.requests[0].completion(.firstRows(RecordedService.users(2)))"),
                .drive("service.requests[1].completion(.success(RecordedService.users(0)))"),
                .expect("finishLoading()"), .expect("setEmptyUsers()"),
                .drive("presenter.getUsers(matching: \"x\\\"y\")"), .expect("startLoading()"),
                .drive("service.requests[2].completion(.failure(\"disk on fire\"))"),
                .expect("finishLoading()"), .expect("showError(\"disk on fire\")"),
            ])
        let method = try XCTUnwrap(TestGenerator.xcTestMethod(log.messages, for: .users))
        XCTAssertTrue(method.contains("let presenter = UsersPresenter(service: service)"), method)
        XCTAssertTrue(method.contains("\"setEmptyUsers()\","), method)
    }

    func testAnAnswerToASearchBeforeTheRecordingIsSaidNotSent() {
        let log = recording()
        search(log, "a", request: 8)
        answer(log, request: 7, "success", "1")
        XCTAssertEqual(
            TestGenerator.steps(log.messages, for: .users),
            [
                .drive("presenter.getUsers(matching: \"a\")"), .expect("startLoading()"),
                .note("An answer to a search asked before the recording began: not sent again."),
            ])
    }

    func testMergedSearchesKeepEachAnswerWithItsRequest() {
        // Three keystrokes in a burst, each answered at once: one cycle of rows counted three
        // times, whose rows keep the last request's number.
        let log = recording()
        for request in 1...3 {
            search(log, "abc", request: request)
            answer(log, request: request, "success", "2")
            view(log, "finishLoading()")
            view(log, "setUsers(_:)", ["2"])
        }
        XCTAssertEqual(log.messages.map(\.count), [3, 3, 3, 3, 3, 3])
        let steps = TestGenerator.steps(log.messages, for: .users)
        let round: (Int) -> [TestGenerator.Step] = {
            [
                .drive("presenter.getUsers(matching: \"abc\")"), .expect("startLoading()"),
                .drive("service.requests[\($0)].completion(.success(RecordedService.users(2)))"), .expect("finishLoading()"),
                .expect("setUsers(count: 2)"),
            ]
        }
        XCTAssertEqual(steps, round(0) + round(1) + round(2))
    }

    // MARK: From a saved session

    /// `log`'s messages saved as a session of `page` and opened again, as the pane opens one.
    private func reopened(_ log: MessageLog, page: String) throws -> [LoggedMessage] {
        let session = MessageSession.recorded(page: page, appVersion: "0.1.0", messages: log.messages, now: nil)
        return try MessageSession.decoded(try session.encoded()).loggedMessages
    }

    func testAnAdderSessionSavedAndOpenedCopiesAsTheSameTest() throws {
        let log = recording()
        press(log, "40", "2", shows: ("showSum(_:)", ["42"]))
        log.startNewRows()
        press(log, "4\"0", "two", shows: ("showError(_:field:)", ["Enter a whole number in the second field", "second"]))
        log.startNewRows()
        press(log, "1", "2", shows: ("showSum(_:)", ["3"]))
        press(log, "1", "2", shows: ("showSum(_:)", ["3"]))  // a merged cycle, counted twice
        let live = try XCTUnwrap(TestGenerator.xcTestMethod(log.messages, for: .adder))
        XCTAssertEqual(TestGenerator.xcTestMethod(try reopened(log, page: "adder"), for: .adder), live)
    }

    func testAUsersSessionSavedAndOpenedCopiesAsTheSameTest() throws {
        let log = recording()
        answer(log, request: 3, "success", "3")  // asked before the pane opened
        searchTwiceThenFail(log)
        let live = try XCTUnwrap(TestGenerator.xcTestMethod(log.messages, for: .users))
        XCTAssertEqual(TestGenerator.xcTestMethod(try reopened(log, page: "users"), for: .users), live)
    }
}
