// Copy as Test: a recorded session on a page with a presenter, turned into the Swift source of
// one XCTest method that drives the real presenter with a mock view, as the session drove it, and
// asserts the view calls the recording shows, in order. It is written in the shape of the
// project's own presenter tests (Tests/TriadModelTests/Users/UsersPresenterTests.swift,
// Adder/AdderPatternsTests.swift): a mock view that notes each call, `MainActor.assumeIsolated`,
// and one `XCTAssertEqual` of the calls. Its mocks are declared inside the method, so it compiles
// in any test case of a target that imports TriadModel.
//
// It reads the messages' `arguments` (the values the stand-ins recorded), never their text,
// which is written for reading. A merged row (a repeat, or a cycle of messages repeated quickly)
// is sent again as many times as it counts, its cycle's rows in their order each time.

/// Turns a recorded session into an XCTest method for the presenter it drove.
public enum TestGenerator {
    /// The presenters a session can be turned into a test of.
    public enum Presenter: String, Sendable, CaseIterable {
        /// The adder's presenter (the adder as MVP): its passive view's `add`, and `showSum` or `showError`.
        case adder
        /// The users list's presenter: the searches, the store's answers, and what the list was told.
        case users
    }

    /// One line of the generated test: a call that drives the presenter (or answers it, as the
    /// store did), or a view call the recording shows.
    enum Step: Equatable {
        case drive(String)
        case expect(String)
        /// Something the recording holds that the test cannot send again, said as a comment.
        case note(String)
    }

    /// The XCTest method's source, or nil if the session holds no call to `presenter` (nothing
    /// to drive it with).
    public static func xcTestMethod(_ messages: [LoggedMessage], for presenter: Presenter) -> String? {
        let steps = self.steps(messages, for: presenter)
        guard steps.contains(where: { if case .drive = $0 { true } else { false } }) else { return nil }
        switch presenter {
        case .adder: return adderMethod(steps)
        case .users: return usersMethod(steps)
        }
    }

    // MARK: Reading the session

    /// The rows as they were sent: a merged row once for each sending, with how many sendings
    /// came after it in its row (0 for the last, whose arguments the row keeps).
    static func sendings(_ rows: [LoggedMessage]) -> [(message: LoggedMessage, fromLast: Int)] {
        var result: [(message: LoggedMessage, fromLast: Int)] = []
        var index = 0
        while index < rows.count {
            let first = rows[index]
            var end = index + 1
            // A cycle of merged rows starts at a message the view sent (MessageLog merges no
            // other); its later rows count as many sendings, or one fewer where the last round
            // broke off before them.
            if first.count > 1, first.from == .view {
                while end < rows.count, end - index < MessageLog.longestCycle, rows[end].key != first.key,
                    rows[end].count <= rows[end - 1].count, rows[end].count >= max(first.count - 1, 1)
                {
                    end += 1
                }
            }
            for round in 0..<first.count {
                for row in rows[index..<end] where round < row.count {
                    result.append((row, row.count - 1 - round))
                }
            }
            index = end
        }
        return result
    }

    static func steps(_ messages: [LoggedMessage], for presenter: Presenter) -> [Step] {
        var steps: [Step] = []
        // The generated test's requests (users), by the number the recording gave each.
        var requests: [Int: Int] = [:]
        for (message, fromLast) in sendings(messages) {
            let arguments = message.arguments ?? []
            let member = message.member ?? ""
            func calls(_ name: String) -> Bool { member.hasSuffix(".\(name)") }
            // The view calls before the first call the test sends again had causes it does not send.
            let started = steps.contains { if case .drive = $0 { true } else { false } }
            switch presenter {
            case .adder:
                if message.to == .presenter, calls("add(_:_:)"), arguments.count == 2 {
                    steps.append(.drive("presenter.add(\(literal(arguments[0])), \(literal(arguments[1])))"))
                } else if started, message.from == .presenter, message.to == .view, calls("showSum(_:)"), arguments.count == 1 {
                    steps.append(.expect("showSum(\(String(reflecting: arguments[0])))"))
                } else if started, message.from == .presenter, message.to == .view, calls("showError(_:field:)"), arguments.count == 2 {
                    let field = arguments[1].isEmpty ? "nil" : ".\(arguments[1])"
                    steps.append(.expect("showError(\(String(reflecting: arguments[0])), field: \(field))"))
                }
            case .users:
                if message.to == .presenter, message.from != .store, calls("getUsers(matching:)"), arguments.count == 2,
                    let last = Int(arguments[1])
                {
                    requests[last - fromLast] = requests.count
                    steps.append(.drive("presenter.getUsers(matching: \(literal(arguments[0])))"))
                } else if started, message.from == .store, calls("getUsers(matching:)"), arguments.count == 3, let last = Int(arguments[0])
                {
                    guard let request = requests[last - fromLast] else {
                        steps.append(.note("An answer to a search asked before the recording began: not sent again."))
                        continue
                    }
                    let answer =
                        switch arguments[1] {
                        case "failure": ".failure(\(literal(arguments[2])))"
                        default: ".\(arguments[1])(RecordedService.users(\(Int(arguments[2]) ?? 0)))"
                        }
                    steps.append(.drive("service.requests[\(request)].completion(\(answer))"))
                } else if started, message.from == .presenter, message.to == .view {
                    if let call = usersViewCall(member, arguments) { steps.append(.expect(call)) }
                }
            }
        }
        return steps
    }

    /// A users view call as the generated mock notes it.
    private static func usersViewCall(_ member: String, _ arguments: [String]) -> String? {
        func calls(_ name: String) -> Bool { member.hasSuffix(".\(name)") }
        if calls("startLoading()") { return "startLoading()" }
        if calls("finishLoading()") { return "finishLoading()" }
        if calls("setEmptyUsers()") { return "setEmptyUsers()" }
        if calls("setUsers(_:)"), let count = arguments.first { return "setUsers(count: \(count))" }
        if calls("showError(_:)"), let message = arguments.first { return "showError(\(String(reflecting: message)))" }
        return nil
    }

    // MARK: Writing the test

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String { String(reflecting: text) }

    private static func body(_ steps: [Step], calls: String) -> [String] {
        var lines: [String] = steps.compactMap {
            switch $0 {
            case .drive(let line): line
            case .note(let line): "// \(line)"
            case .expect: nil
            }
        }
        let expected = steps.compactMap { if case .expect(let call) = $0 { literal(call) } else { nil } }
        if expected.isEmpty {
            lines.append("XCTAssertEqual(\(calls), [])")
        } else {
            lines.append("XCTAssertEqual(")
            lines.append("    \(calls),")
            lines.append("    [")
            lines += expected.map { "        \($0)," }
            lines.append("    ])")
        }
        return lines
    }

    private static func method(_ comment: [String], _ name: String, mocks: [String], setUp: [String], body: [String]) -> String {
        var lines = comment.map { "/// \($0)" }
        lines.append("func \(name)() {")
        lines += mocks.map { $0.isEmpty ? "" : "    \($0)" }
        lines.append("")
        lines.append("    MainActor.assumeIsolated {")
        lines += (setUp + body).map { $0.isEmpty ? "" : "        \($0)" }
        lines.append("    }")
        lines.append("}")
        return lines.map { $0.isEmpty ? "" : "    \($0)" }.joined(separator: "\n") + "\n"
    }

    private static func adderMethod(_ steps: [Step]) -> String {
        method(
            [
                "Recorded in Triad's Messages pane on the adder (Model–View–Presenter): the presenter is",
                "pressed as the session pressed it, and its passive view told what the recording shows.",
            ],
            "testRecordedAdderSession",
            mocks: [
                "/// A passive view that notes each call it is told, as the Messages pane recorded it.",
                "@MainActor final class PassiveViewMock: AdderPassiveViewProtocol {",
                "    var told: [String] = []",
                "    func showSum(_ text: String) { told.append(\"showSum(\\(String(reflecting: text)))\") }",
                "    func showError(_ message: String, field: AdderField?) {",
                "        told.append(\"showError(\\(String(reflecting: message)), field: \\(field.map { \".\\($0)\" } ?? \"nil\"))\")",
                "    }",
                "}",
            ],
            setUp: ["let presenter = AdderPresenter()", "let view = PassiveViewMock()", "presenter.attachView(view)"],
            body: body(steps, calls: "view.told"))
    }

    private static func usersMethod(_ steps: [Step]) -> String {
        method(
            [
                "Recorded in Triad's Messages pane on the users list: the presenter is asked for each search",
                "the session asked for, each answer comes as the store gave it, and the view is told what",
                "the recording shows.",
            ],
            "testRecordedUsersSession",
            mocks: [
                "/// A passive view that notes each call it is told, as the Messages pane recorded it.",
                "@MainActor final class UserViewMock: UsersView {",
                "    var calls: [String] = []",
                "    func startLoading() { calls.append(\"startLoading()\") }",
                "    func finishLoading() { calls.append(\"finishLoading()\") }",
                "    func setUsers(_ users: UsersDataSource) { calls.append(\"setUsers(count: \\(users.count))\") }",
                "    func setEmptyUsers() { calls.append(\"setEmptyUsers()\") }",
                "    func showError(_ message: String) { calls.append(\"showError(\\(String(reflecting: message)))\") }",
                "}",
                "/// A service that keeps each search's answer until the test gives it, as the store gave it.",
                "@MainActor final class RecordedService: UserService {",
                "    var requests: [(query: String, completion: @MainActor (UserLoadResult) -> Void)] = []",
                "    func getUsers(matching query: String, completion: @escaping @MainActor (UserLoadResult) -> Void) {",
                "        requests.append((query, completion))",
                "    }",
                "    /// A list of `count` users (the recording keeps how many, not who).",
                "    static func users(_ count: Int) -> UserList {",
                "        UserList((0..<count).map { User(firstName: \"User\", lastName: \"\\($0 + 1)\", email: \"user\\($0 + 1)@example.com\", age: 30) })",
                "    }",
                "}",
            ],
            setUp: [
                "let service = RecordedService()", "let presenter = UsersPresenter(service: service)", "let view = UserViewMock()",
                "presenter.attachView(view)",
            ],
            body: body(steps, calls: "view.calls"))
    }
}
