import Foundation
import Glibc
import XCTest

@testable import TriadModel

/// A recorded session in its file: written and read back whole, private values never written,
/// and every kind of bad file refused with the error that names it.
final class MessageSessionTests: XCTestCase {
    private func message(_ text: String, file: String = "triad/ChartPage.swift", state: [StateEntry]? = nil) -> LoggedMessage {
        var message = LoggedMessage(
            from: .view, to: .controller, channel: .targetAction, text: text, file: file, line: 12, side: .sender, count: 1,
            member: "ChartPage.changed()", audience: nil)
        message.state = state
        return message
    }

    private func poll(_ apples: Int) throws -> Poll {
        try Poll(title: "Fruit", options: [PollOption("Apples", apples), PollOption("Pears", 3)])
    }

    private func sample() throws -> MessageSession {
        var observed = message("chart.poll → 3 observer(s)", state: [StateEntry("chart.title", "Fruit")])
        observed.audience = 3
        var repeated = message("changed → ValuesView.edited()")
        repeated.count = 4
        return MessageSession(
            page: "chart", appVersion: "0.1.0", messages: [message("clicked → ChartPage.add()"), observed, repeated],
            after: [
                .chart(try poll(1)), nil, .chart(try poll(7)),
            ])
    }

    private func written(_ session: MessageSession) throws -> String { String(decoding: try session.encoded(), as: UTF8.self) }

    private func refused(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> SessionError? {
        refused(Array(text.utf8), file: file, line: line)
    }

    private func refused(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> SessionError? {
        do {
            _ = try MessageSession.decoded(bytes)
            XCTFail("the file was read as a session", file: file, line: line)
            return nil
        } catch {
            XCTAssertFalse(error.message.isEmpty, file: file, line: line)
            return error
        }
    }

    /// A written session with one value of one message replaced by `value` (JSON text).
    private func replacing(_ key: String, with value: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(try sample().encoded())) as! [String: Any]
        var messages = object["messages"] as! [[String: Any]]
        messages[0][key] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
        var changed = object
        changed["messages"] = messages
        return String(decoding: try JSONSerialization.data(withJSONObject: changed), as: UTF8.self)
    }

    // MARK: Round trip

    func testASessionIsReadBackAsItWasWritten() throws {
        let session = try sample()
        let text = try written(session)
        XCTAssertTrue(text.contains("\"format\":\"triad-session\""), text)
        XCTAssertTrue(text.contains("\"version\":1"), text)
        let read = try MessageSession.decoded(try session.encoded())
        XCTAssertEqual(read, session)
        XCTAssertEqual(read.messages.map(\.id), [1, 2, 3])
        XCTAssertEqual(read.messages[1].audience, 3)
        XCTAssertEqual(read.messages[2].count, 4)
        XCTAssertEqual(read.ending, .chart(try poll(7)))
    }

    func testEveryPagesModelsAreReadBack() throws {
        let moments: [PageMoment?] = [
            .adder(first: Int64.max, second: Int64.min, typed: nil),
            .address(Address(street: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701"), typed: nil),
            .address(nil, typed: nil), .note("line one\nline two ✓"), .chart(try poll(0)), nil,
        ]
        let session = MessageSession(
            page: "note", appVersion: "0.1.0", messages: moments.map { _ in message("a") }, after: moments)
        XCTAssertEqual(try MessageSession.decoded(try session.encoded()).after, moments)
    }

    func testARecordingBecomesTheModelsAfterEachMessageAndTheLogReadsThemAsTravelDoes() throws {
        var first = message("one")
        first.moment = .note("")
        var second = message("two")
        second.moment = .note("a")
        let session = MessageSession.recorded(page: "note", appVersion: "0.1.0", messages: [first, second], now: .note("ab"))
        XCTAssertEqual(session.after, [.note("a"), .note("ab")])
        XCTAssertEqual(session.messages.map(\.moment), [nil, nil], "the moments a message found are not written twice")
        let logged = session.loggedMessages
        XCTAssertEqual(logged.map(\.moment), [nil, .note("a")])
        MainActor.assumeIsolated {
            let travel = TimeTravel()
            travel.begin(at: logged[0].id, page: "note", present: .note("the learner's own"), lastID: logged[1].id)
            travel.ending = session.ending
            XCTAssertEqual(travel.moment(after: logged[0].id, in: logged), .note("a"))
            XCTAssertEqual(travel.moment(after: logged[1].id, in: logged), .note("ab"), "the session's ending, not the present")
        }
    }

    func testAFileOnDiskIsWrittenWholeAndReadBack() throws {
        let path = NSTemporaryDirectory() + "/session-\(getpid()).triad-session"
        defer { unlink(path) }
        let session = try sample()
        try session.write(to: path)
        XCTAssertEqual(try MessageSession.read(from: path), session)
        XCTAssertEqual(access(path + ".saving", F_OK), -1, "the file it was written through is gone")
    }

    // MARK: Nothing private

    func testTheLoginPagesMessagesKeepNoTypedValueNoPasswordAndNoHash() throws {
        let secret = "hunter2-Correct-Horse"
        let hash = "$y$j9T$abcdefSALTSALT$HASHHASHHASHHASH"
        let login = [
            message("passwordEntry changed = \"\(secret)\"", file: "triad/Login/LoginViewController.swift"),
            message("registerViewController(didRegister: \"alice\")", file: "triad/Login/LoginViewController.swift"),
            message(
                "clicked → LoginViewController.login()", file: "triad/Login/LoginViewController.swift",
                state: [StateEntry("accounts[0].hash", hash)]),
        ]
        let session = MessageSession(page: "login", appVersion: "0.1.0", messages: login, after: [nil, nil, nil])
        let text = try written(session)
        for leaked in [secret, "alice", hash, "SALTSALT", "HASHHASH"] { XCTAssertFalse(text.contains(leaked), "\(leaked) in \(text)") }
        XCTAssertTrue(text.contains("registerViewController(didRegister: \\\"•••\\\")"), text)
        XCTAssertTrue(text.contains("clicked → LoginViewController.login()"), "the message's shape stays: \(text)")
    }

    func testASecretsValueGoesOnAnyPageAndTheAccountsStateOnlyOnTheLoginPage() throws {
        let chart = MessageSession(
            page: "chart", appVersion: "0.1.0",
            messages: [
                message("verify(password: hunter2, salt: NaCl), name: \"Pears\""),
                message("login()", file: "triad/Login/LoginViewController.swift", state: [StateEntry("accounts", "alice")]),
            ],
            after: [.chart(try poll(1)), .chart(try poll(2))])
        let text = try written(chart)
        XCTAssertFalse(text.contains("hunter2"), text)
        XCTAssertFalse(text.contains("NaCl"), text)
        XCTAssertFalse(text.contains("alice"), text)
        XCTAssertTrue(text.contains("Pears"), "a value that is not a secret's stays: \(text)")
        XCTAssertEqual(MessageSession.redactingSecrets("password = \"x\", name: \"y\""), "password = •••, name: \"y\"")
    }

    // MARK: Bad files

    func testAFileOfAnotherProgramIsNamedForeign() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        XCTAssertEqual(refused(png), .foreign)
        XCTAssertEqual(refused("{\"name\": \"left-pad\", \"version\": \"1.3.0\", \"main\": \"index.js\"}"), .foreign)
        XCTAssertEqual(refused("[1, 2, 3]"), .foreign)
        XCTAssertEqual(refused("{\"format\": 7, \"version\": 1}"), .foreign)
        XCTAssertEqual(refused("  \n "), .empty)
        XCTAssertEqual(refused([]), .empty)
    }

    func testADamagedOrTruncatedFileIsNamedSo() throws {
        let whole = try written(try sample())
        XCTAssertEqual(refused(String(whole.prefix(whole.count / 2))), .truncated)
        XCTAssertEqual(refused(String(whole.dropLast())), .truncated)
        XCTAssertEqual(refused(whole.replacingOccurrences(of: "\"page\":", with: "\"page\" ")), .damaged)
        XCTAssertEqual(refused("{\"format\":\"triad-session\",\"version\":1,\"messages\":[,]}"), .damaged)
        XCTAssertEqual(refused("{\"a\": 1}}"), .damaged)
    }

    func testDeepNestingIsRefusedBeforeAnyParserSeesIt() throws {
        // Deep enough to overflow a parser that recursed into it on a thread's stack.
        let depth = 1_000_000
        let deep =
            "{\"format\":\"triad-session\",\"version\":1,\"x\":" + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "}"
        XCTAssertEqual(refused(deep), .tooDeep)
        let justTooDeep =
            "{\"a\":" + String(repeating: "[", count: MessageSession.maximumDepth)
            + String(repeating: "]", count: MessageSession.maximumDepth) + "}"
        XCTAssertEqual(refused(justTooDeep), .tooDeep)
        let brackets = "{\"format\":\"triad-session\",\"version\":1,\"app\":\"[[[[[[[[[[[[[[\",\"page\":\"chart\",\"messages\":[]}"
        XCTAssertEqual(try MessageSession.decoded(Array(brackets.utf8)).appVersion, "[[[[[[[[[[[[[[", "brackets in a string do not nest")
    }

    func testAFileOfAHundredMegabytesIsRefusedUnread() throws {
        let path = NSTemporaryDirectory() + "/large-\(getpid()).triad-session"
        defer { unlink(path) }
        // A sparse file: its size is a hundred megabytes, the disk holds none of it.
        let file = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(file, 0)
        XCTAssertEqual(ftruncate(file, 100 << 20), 0)
        close(file)
        XCTAssertThrowsError(try MessageSession.read(from: path)) { error in
            XCTAssertEqual(error as? SessionError, .tooLarge(bytes: 100 << 20))
            XCTAssertTrue((error as? SessionError)?.message.contains("100") ?? false)
        }
        XCTAssertEqual(
            refused([UInt8](repeating: 0x20, count: MessageSession.maximumBytes + 1)),
            .tooLarge(bytes: Int64(MessageSession.maximumBytes + 1)))
    }

    func testASessionOfAnotherVersionIsNamedByItsVersion() throws {
        let text = try written(try sample())
        XCTAssertEqual(refused(text.replacingOccurrences(of: "\"version\":1", with: "\"version\":2")), .unsupportedVersion(2))
        XCTAssertEqual(refused(text.replacingOccurrences(of: ",\"version\":1", with: "")), .missing(field: "version"))
        XCTAssertEqual(refused(text.replacingOccurrences(of: "\"version\":1", with: "\"version\":\"1\"")), .wrongValue(field: "version"))
    }

    func testAFieldOfTheWrongTypeOrValueIsNamed() throws {
        XCTAssertEqual(refused(try replacing("line", with: "\"12\"")), .wrongValue(field: "messages[0].line"))
        XCTAssertEqual(refused(try replacing("line", with: "true")), .wrongValue(field: "messages[0].line"))
        XCTAssertEqual(refused(try replacing("line", with: "-1")), .wrongValue(field: "messages[0].line"))
        XCTAssertEqual(refused(try replacing("line", with: "2.5")), .wrongValue(field: "messages[0].line"))
        XCTAssertEqual(refused(try replacing("line", with: "1e40")), .wrongValue(field: "messages[0].line"))
        XCTAssertEqual(refused(try replacing("from", with: "\"narrator\"")), .wrongValue(field: "messages[0].from"))
        XCTAssertEqual(refused(try replacing("count", with: "0")), .wrongValue(field: "messages[0].count"))
        XCTAssertEqual(refused(try replacing("text", with: "null")), .missing(field: "messages[0].text"))
        XCTAssertEqual(refused(try replacing("state", with: "[[\"a\"]]")), .wrongValue(field: "messages[0].state"))
        XCTAssertEqual(refused(try replacing("after", with: "{\"kind\": \"spreadsheet\"}")), .wrongValue(field: "messages[0].after.kind"))
        XCTAssertEqual(
            refused(
                try replacing("after", with: "{\"kind\": \"chart\", \"title\": \"Fruit\", \"options\": [{\"name\": \"A\", \"votes\": 1}]}")),
            .badModel(field: "messages[0].after", reason: ChartError.tooFewOptions(row: nil).message))
        XCTAssertEqual(
            refused(try replacing("after", with: "{\"kind\": \"adder\", \"first\": 1.5, \"second\": 2}")),
            .wrongValue(field: "messages[0].after.first"))
        let text = try written(try sample())
        XCTAssertEqual(refused(text.replacingOccurrences(of: "\"page\":\"chart\",", with: "")), .missing(field: "page"))
        XCTAssertEqual(refused(text.replacingOccurrences(of: "\"page\":\"chart\"", with: "\"page\":[]")), .wrongValue(field: "page"))
        XCTAssertTrue(SessionError.wrongValue(field: "messages[0].line").message.contains("messages[0].line"))
    }

    func testADirectoryOrAMissingFileGivesTheSystemsReason() {
        XCTAssertThrowsError(try MessageSession.read(from: "/nonexistent/\(getpid()).triad-session")) { error in
            guard case .file(let reason) = error as? SessionError else { return XCTFail("\(error)") }
            XCTAssertFalse(reason.isEmpty)
        }
        XCTAssertThrowsError(try MessageSession.read(from: NSTemporaryDirectory())) { error in
            guard case .file = error as? SessionError else { return XCTFail("\(error)") }
        }
    }
}
