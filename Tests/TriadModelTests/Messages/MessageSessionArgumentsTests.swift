import Foundation
import XCTest

@testable import TriadModel

/// The values a session's messages carried, which Copy as Test reads: written and read back, a
/// file written before sessions kept them still opened, and none kept where the text's quoted
/// values are not (the login and registration lesson), nor a secret's value on any page.
final class MessageSessionArgumentsTests: XCTestCase {
    private func message(_ text: String, file: String = "triad/AdderPage.swift", arguments: [String]? = nil) -> LoggedMessage {
        var message = LoggedMessage(
            from: .view, to: .presenter, channel: .call, text: text, file: file, line: 12, side: .receiver, count: 1,
            member: "AdderPresenter.add(_:_:)", audience: nil)
        message.arguments = arguments
        return message
    }

    private func written(_ session: MessageSession) throws -> String { String(decoding: try session.encoded(), as: UTF8.self) }

    private func sample() -> MessageSession {
        MessageSession(
            page: "adder", appVersion: "0.1.0",
            messages: [message("add(\"40\", \"2\")", arguments: ["40", "2"]), message("clicked"), message("empty", arguments: [])],
            after: [nil, nil, nil])
    }

    /// The sample's file with its first message's "arguments" set to `value` (JSON text).
    private func refused(arguments value: String) throws -> SessionError? {
        let object = try JSONSerialization.jsonObject(with: Data(try sample().encoded())) as! [String: Any]
        var messages = object["messages"] as! [[String: Any]]
        messages[0]["arguments"] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
        var changed = object
        changed["messages"] = messages
        let bytes = Array(try JSONSerialization.data(withJSONObject: changed))
        do {
            _ = try MessageSession.decoded(bytes)
            XCTFail("the file was read as a session")
            return nil
        } catch {
            return error
        }
    }

    func testTheValuesAMessageCarriedAreReadBack() throws {
        let session = sample()
        let read = try MessageSession.decoded(try session.encoded())
        XCTAssertEqual(read.messages.map(\.arguments), [["40", "2"], nil, []])
        XCTAssertEqual(read, session)
        XCTAssertEqual(try refused(arguments: "\"40\""), .wrongValue(field: "messages[0].arguments"))
        XCTAssertEqual(try refused(arguments: "[40]"), .wrongValue(field: "messages[0].arguments[0]"))
    }

    func testAFileWrittenBeforeSessionsKeptThemStillOpens() throws {
        let older = try written(MessageSession(page: "adder", appVersion: "0.1.0", messages: [message("clicked")], after: [nil]))
        XCTAssertFalse(older.contains("\"arguments\""), older)
        XCTAssertEqual(try MessageSession.decoded(Array(older.utf8)).messages.map(\.arguments), [nil])
    }

    func testTheLoginPagesMessagesKeepNoValueTheyCarried() throws {
        let secret = "hunter2-Correct-Horse"
        let hash = "$y$j9T$abcdefSALTSALT$HASHHASHHASHHASH"
        let login = "triad/Login/LoginViewController.swift"
        let session = MessageSession(
            page: "login", appVersion: "0.1.0",
            messages: [
                message("passwordEntry changed", file: login, arguments: [secret]),
                message("registerViewController(didRegister: \"alice\")", file: login, arguments: ["alice", secret, hash]),
                message("add", arguments: ["alice"]),  // any message, on the login page
            ],
            after: [nil, nil, nil])
        let text = try written(session)
        for leaked in [secret, "alice", hash, "SALTSALT", "HASHHASH"] { XCTAssertFalse(text.contains(leaked), "\(leaked) in \(text)") }
        XCTAssertEqual(session.messages.map(\.arguments), [nil, nil, nil])
    }

    func testElsewhereAnAccountsMessageKeepsNoValueAndASecretsValueGoes() throws {
        let session = MessageSession(
            page: "users", appVersion: "0.1.0",
            messages: [
                message("login()", file: "triad/Login/LoginViewController.swift", arguments: ["alice", "hunter2"]),
                message("getUsers", file: "triad/UsersPage.swift", arguments: ["Pears", "salt: NaCl", "hash=$y$j9T$HASHHASH"]),
            ],
            after: [nil, nil])
        let text = try written(session)
        for leaked in ["alice", "hunter2", "NaCl", "HASHHASH"] { XCTAssertFalse(text.contains(leaked), "\(leaked) in \(text)") }
        XCTAssertEqual(
            session.messages.map(\.arguments), [nil, ["Pears", "salt: •••", "hash=•••"]], "a search that is not a secret stays")
    }
}
