import Foundation
import XCTest

@testable import TriadModel

/// A session's JSON as the model writes and reads it itself: a file an earlier Triad wrote (with
/// Foundation's encoder) opens and is written back byte for byte, every character a string can
/// hold comes back as it went, the keys are always in one order, and a value of the wrong type is
/// named by where it is (Messages/SessionFields.swift, Support/JSONText.swift).
final class MessageSessionJSONTests: XCTestCase {
    /// A session saved by the Triad that wrote sessions with Foundation's JSONEncoder (sorted keys,
    /// slashes unescaped), its every kind of moment and awkward characters in its strings.
    private let earlierFile = [
        #"{"app":"0.1.0+\"q\"","format":"triad-session","messages":[{"after":{"first":9223372036854775807"#,
        #","kind":"adder","second":-9223372036854775808},"arguments":["40","\u001b[0m",""],"audience":1"#,
        #","channel":"targetAction","count":2,"file":"triad/Note/NoteView.swift","from":"view","line":7"#,
        #","member":"NoteView.changed()","side":"sender","state":[["note.text","a\u0000b"],["note.saved","yes"]]"#,
        #","text":"say \"hi\" \\ / tab\there\nnew\r\u0001\b\f\u001f"#, "\u{7F}", #" é ✓ 🍎","to":"controller""#,
        #"},{"after":{"address":{"city":"Zürich","postalCode":"8001","state":"ZH","street":"1 \"Main\" St"}"#,
        #","kind":"address"},"channel":"call","count":1,"file":"f.swift","from":"controller","line":0"#,
        #","side":"receiver","text":"model.add()","to":"model""#,
        #"},{"after":{"kind":"address"},"channel":"call","count":1,"file":"f.swift","from":"controller","line":0"#,
        #","side":"receiver","text":"model.add()","to":"model""#,
        #"},{"after":{"kind":"note","text":"line one\nline two ✓ 🍎\u000b"},"channel":"call","count":1,"file":"f.swift""#,
        #","from":"controller","line":0,"side":"receiver","text":"model.add()","to":"model""#,
        #"},{"after":{"kind":"chart","options":[{"name":"Äpfel","votes":1},{"name":"Pears 🍐","votes":0}]"#,
        #","title":"Fruit / Obst"},"channel":"call","count":1,"file":"f.swift","from":"controller","line":0"#,
        #","side":"receiver","text":"model.add()","to":"model""#,
        #"},{"after":{"kind":"users","query":"ann\t"},"channel":"call","count":1,"file":"f.swift","from":"controller""#,
        #","line":0,"side":"receiver","text":"model.add()","to":"model""#,
        #"},{"after":{"kind":"login"},"channel":"call","count":1,"file":"f.swift","from":"controller","line":0"#,
        #","side":"receiver","text":"model.add()","to":"model"},{"channel":"call","count":1,"file":"f.swift""#,
        #","from":"controller","line":0,"side":"receiver","text":"model.add()","to":"model"}],"page":"note","version":1}"#,
    ].joined()

    private func message(_ text: String) -> LoggedMessage {
        LoggedMessage(from: .controller, to: .model, channel: .call, text: text, file: "f.swift", line: 0, side: .receiver, count: 1)
    }

    private func refused(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> SessionError? {
        do {
            _ = try MessageSession.decoded(Array(text.utf8))
            XCTFail("the file was read as a session", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// A one-message chart session whose moment is `after` (JSON text).
    private func chart(after: String) -> String {
        #"{"app":"0.1.0","format":"triad-session","messages":[{"after":"# + after
            + #","channel":"call","count":1,"file":"f.swift","from":"controller","line":0,"side":"receiver","text":"a","to":"model"}],"#
            + #""page":"chart","version":1}"#
    }

    func testAFileAnEarlierTriadWroteOpensAndIsWrittenBackByteForByte() throws {
        let read = try MessageSession.decoded(Array(earlierFile.utf8))
        XCTAssertEqual(read.page, "note")
        XCTAssertEqual(read.appVersion, "0.1.0+\"q\"")
        XCTAssertEqual(read.messages.count, 8)
        XCTAssertEqual(read.messages[0].text, "say \"hi\" \\ / tab\there\nnew\r\u{01}\u{08}\u{0C}\u{1F}\u{7F} é ✓ 🍎")
        XCTAssertEqual(read.messages[0].state, [StateEntry("note.text", "a\u{00}b"), StateEntry("note.saved", "yes")])
        XCTAssertEqual(read.messages[0].arguments, ["40", "\u{1B}[0m", ""])
        XCTAssertEqual(read.messages[0].audience, 1)
        XCTAssertEqual(
            read.after,
            [
                .adder(first: Int64.max, second: Int64.min, typed: nil),
                .address(Address(street: "1 \"Main\" St", city: "Zürich", state: "ZH", postalCode: "8001"), typed: nil),
                .address(nil, typed: nil), .note("line one\nline two ✓ 🍎\u{0B}"),
                .chart(try Poll(title: "Fruit / Obst", options: [PollOption("Äpfel", 1), PollOption("Pears 🍐", 0)])),
                .users(query: "ann\t"), .login(name: ""), nil,
            ])
        XCTAssertEqual(String(decoding: try read.encoded(), as: UTF8.self), earlierFile)
    }

    func testEveryCharacterAStringCanHoldComesBackAsItWent() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        let texts = [
            controls, "\"quoted\" and \\backslashed\\ and \\\"both\"", "a/b </script>", "naïve café Ærø Ω 東京",
            "🍎🇺🇦👩‍👩‍👧 e\u{301}", "\u{7F}\u{80}\u{FEFF}\u{FFFF}\u{10FFFF}", "",
        ]
        let session = MessageSession(page: "note", appVersion: "0.1.0", messages: texts.map(message), after: texts.map { .note($0) })
        let bytes = try session.encoded()
        let read = try MessageSession.decoded(bytes)
        XCTAssertEqual(read.messages.map(\.text), texts)
        XCTAssertEqual(read.after, texts.map { .note($0) })
        // Another reader (Foundation's, in the tests only) reads the same strings from the file.
        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as! [String: Any]
        XCTAssertEqual((object["messages"] as! [[String: Any]]).map { $0["text"] as! String }, texts)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains(#"\u0000\u0001"#), "a control character without a short escape is written as hex")
        XCTAssertTrue(text.contains(#"\b\t\n\u000b\f\r"#), "the short escapes are used where JSON has one")
        XCTAssertTrue(text.contains(#"\u001f"#))
        XCTAssertTrue(text.contains(#""a/b </script>""#), "a slash is written as it is")
        XCTAssertTrue(text.contains("🍎🇺🇦"), "characters outside ASCII are written as they are")
    }

    func testTheKeysAreAlwaysWrittenInOneOrder() throws {
        let moment = PageMoment.address(Address(street: "s", city: "c", state: "st", postalCode: "p"), typed: nil)
        var first = message("one")
        first.member = "Model.add()"
        first.audience = 2
        first.state = [StateEntry("a", "b")]
        first.arguments = ["x"]
        let session = MessageSession(page: "address", appVersion: "0.1.0", messages: [first], after: [moment])
        let bytes = try session.encoded()
        XCTAssertEqual(try session.encoded(), bytes, "two saves of one session are the same file")
        XCTAssertEqual(try MessageSession.decoded(bytes).encoded(), bytes, "and a session opened and saved again")
        let text = String(decoding: bytes, as: UTF8.self)
        // Each key as it is written with the start of its value: "state" is a message's and an address's.
        func order(_ keys: [String]) -> [Int] { keys.map { text.utf8Offset(of: "\"\($0)") ?? -1 } }
        let top = order(["app", "format", "messages", "page", "version"])
        XCTAssertEqual(top, top.sorted())
        XCTAssertFalse(top.contains(-1), text)
        let inMessage = order([
            "after", "arguments", "audience", "channel", "count", "file", "from", "line", "member", "side", "state\":[[", "text", "to",
        ])
        XCTAssertFalse(inMessage.contains(-1), text)
        XCTAssertEqual(inMessage, inMessage.sorted())
        let inAddress = order(["city", "postalCode", "state\":\"st", "street"])
        XCTAssertFalse(inAddress.contains(-1), text)
        XCTAssertEqual(inAddress, inAddress.sorted())
    }

    func testAValueOfTheWrongTypeIsNamedWhereverItIs() throws {
        let good = #"{"kind":"chart","options":[{"name":"A","votes":1},{"name":"B","votes":2}],"title":"T"}"#
        XCTAssertNoThrow(try MessageSession.decoded(Array(chart(after: good).utf8)))
        XCTAssertEqual(
            refused(chart(after: good.replacingEvery(#""votes":2"#, with: #""votes":"2""#))),
            .wrongValue(field: "messages[0].after.options[1].votes"))
        XCTAssertEqual(
            refused(chart(after: good.replacingEvery(#""name":"B","#, with: ""))), .missing(field: "messages[0].after.options[1].name"))
        XCTAssertEqual(
            refused(chart(after: good.replacingEvery(#""title":"T""#, with: #""title":7"#))), .wrongValue(field: "messages[0].after.title"))
        XCTAssertEqual(
            refused(chart(after: #"{"kind":"adder","first":1,"second":99999999999999999999}"#)),
            .wrongValue(field: "messages[0].after.second"))
        XCTAssertEqual(
            refused(chart(after: #"{"kind":"address","address":{"city":"c","postalCode":"p","state":"s","street":5}}"#)),
            .wrongValue(field: "messages[0].after.address.street"))
        XCTAssertEqual(refused(chart(after: "[]")), .wrongValue(field: "messages[0].after"))
        XCTAssertEqual(
            refused(chart(after: "null").replacingEvery(#""text":"a""#, with: #""text":"\uD83D""#)), .wrongValue(field: "messages[0].text"))
        let file = chart(after: "null")
        XCTAssertEqual(refused(file.replacingEvery(#""count":1"#, with: #""count":null"#)), .missing(field: "messages[0].count"))
        XCTAssertEqual(refused(file.replacingEvery(#""messages":["#, with: #""messages":["x","#)), .wrongValue(field: "messages[0]"))
        XCTAssertEqual(refused(file.replacingEvery(#""messages":["#, with: #""messages":[null,"#)), .missing(field: "messages[0]"))
        XCTAssertEqual(
            refused(file.replacingEvery(#""messages":["#, with: #""messages":{"a":["#).replacingEvery("}],", with: "}]},")),
            .wrongValue(field: "messages"))
        XCTAssertEqual(refused(file.replacingEvery(#""version":1"#, with: #""version":null"#)), .wrongValue(field: "version"))
        XCTAssertEqual(refused(file.replacingEvery(#""version":1"#, with: #""version":1.0"#)), .wrongValue(field: "version"))
        XCTAssertEqual(refused(file + " x"), .damaged, "nothing but space after the session's object")
        XCTAssertEqual(
            refused(file.replacingEvery(#""text":"a""#, with: "\"text\":\"a\u{01}\"")), .damaged, "a raw control character is broken JSON")
        XCTAssertEqual(try MessageSession.decoded(Array((file + " \n").utf8)).page, "chart")
    }

    func testAStringLongerThanAnImportedFieldIsKept() throws {
        let long = String(repeating: "a\"é", count: 20_000)
        let session = MessageSession(page: "note", appVersion: "0.1.0", messages: [message("type")], after: [.note(long)])
        XCTAssertEqual(try MessageSession.decoded(try session.encoded()).after, [.note(long)])
    }
}
