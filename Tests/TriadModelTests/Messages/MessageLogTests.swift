import XCTest
@testable import TriadModel

/// The Messages pane's recorder, without a window.
final class MessageLogTests: XCTestCase {
    func testNothingIsRecordedOrEvenWordedWhileClosed() {
        let log = MessageLog()
        var worded = false
        log.record(.view, .controller, .delegate, { worded = true; return "setTotalVal" }())
        log.recordRowQuestion(3, of: 10)
        XCTAssertFalse(worded, "the text is not even built while the pane is closed")
        XCTAssertEqual(log.messages, [])
        XCTAssertEqual(log.serial, 0)
    }

    func testMessagesInOrderWithWhereTheyWereSent() throws {
        let log = MessageLog()
        log.start {}
        log.record(.view, .controller, .targetAction, "clicked → AdderView"); let firstLine = #line
        log.record(.controller, .model, .call, "model.total()")
        let messages = log.messages
        XCTAssertEqual(messages.map(\.text), ["clicked → AdderView", "model.total()"])
        XCTAssertEqual(messages.map(\.channel), [.targetAction, .call])
        XCTAssertEqual(messages[0].source, "TriadModelTests/MessageLogTests.swift:\(firstLine)")
        XCTAssertEqual(messages[0].count, 1)
    }

    func testStoppingForgetsAndStopsRecording() {
        let log = MessageLog()
        let changes = Counter()
        log.start { changes.add() }
        log.record(.model, .controller, .notification, "post(.noteChanged)")
        XCTAssertEqual(changes.value, 1)
        log.stop()
        XCTAssertEqual(log.messages, [], "nothing is retained once the pane closes")
        log.record(.model, .controller, .notification, "post(.noteChanged)")
        XCTAssertEqual(log.messages, [])
        XCTAssertFalse(log.isRecording)
    }

    func testRepeatsAndCyclesMergeIntoCounts() {
        let log = MessageLog()
        log.start {}
        for _ in 0..<5 { log.record(.view, .view, .targetAction, "changed → NoteView") }
        XCTAssertEqual(log.messages.map(\.count), [5])
        log.clear()
        // Typing in the note: each keystroke sends the same three messages (from the same lines).
        func post() { log.record(.model, .controller, .notification, "post(.noteChanged)") }
        for length in 1...4 {
            log.record(.view, .controller, .targetAction, "textChanged(\(length) characters)")
            log.record(.model, .model, .propertyObserver, "note.text changed (\(length) characters)")
            post()
        }
        XCTAssertEqual(log.messages.map(\.count), [4, 4, 4])
        XCTAssertEqual(log.messages.map(\.text), ["textChanged(4 characters)", "note.text changed (4 characters)", "post(.noteChanged)"])
        log.record(.view, .view, .viewUpdate, "something else")
        post()
        XCTAssertEqual(log.messages.count, 4, "a repeat among the last rows merges: \(log.messages.map(\.text))")
        XCTAssertEqual(log.messages[2].count, 5)
    }

    func testDataSourceQuestionsMergeIntoARange() {
        let log = MessageLog()
        log.start {}
        for row in 0...22 { log.recordRowQuestion(row, of: 1_000_000) }
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertEqual(log.messages[0].text, "rows 0–22 of 1000000", "C locale: no digit grouping")
        XCTAssertEqual(log.messages[0].count, 23)
        XCTAssertEqual(log.messages[0].from, .view)
        XCTAssertEqual(log.messages[0].to, .dataSource)
    }

    func testMermaidAndPlainText() {
        let log = MessageLog()
        log.start {}
        log.record(.view, .controller, .delegate, "setTotalVal(\"1\", \"2\")")
        for _ in 0..<2 { log.record(.controller, .model, .call, "a; b # c") }
        XCTAssertEqual(MessageExport.mermaid(log.messages), """
            sequenceDiagram
                participant View as View
                participant Controller as Controller
                participant Model as Model
                View->>Controller: setTotalVal("1", "2") [delegate]
                Controller->>Model: a#59; b #35; c ×2 [method call]

            """)
        let lines = MessageExport.plainText(log.messages).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix("View → Controller\tdelegate\tsetTotalVal(\"1\", \"2\")\tTriadModelTests/MessageLogTests.swift:"), "\(lines[0])")
        XCTAssertTrue(lines[1].contains("a; b # c (×2)"))
    }

    @MainActor func testDelegationRecordsAndHoldsWeakly() {
        final class Receiver: Answering { func answer() -> Int { 42 } }
        MessageLog.shared.start {}
        defer { MessageLog.shared.stop() }
        let link = Delegation<Answering>(from: .view, to: .controller)
        XCTAssertNil(link.tell("answer()") { $0.answer() }, "no delegate: no answer, nothing sent")
        XCTAssertEqual(MessageLog.shared.messages, [])
        var receiver: Receiver? = Receiver()
        link.connect(receiver!)
        XCTAssertEqual(link.should("answer()") { $0.answer() }, 42)
        XCTAssertEqual(MessageLog.shared.messages.map(\.channel), [.delegateShould])
        receiver = nil
        XCTAssertFalse(link.isConnected, "held weakly")
    }
}

private final class Counter: @unchecked Sendable {  // touched by one thread in these tests
    var value = 0
    func add() { value += 1 }
}

@MainActor private protocol Answering: AnyObject { func answer() -> Int }
