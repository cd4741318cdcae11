import CGLib
import XCTest

@testable import TriadModel

/// The Messages pane's recorder, without a window.
final class MessageLogTests: XCTestCase {
    func testNothingIsRecordedOrEvenWordedWhileClosed() {
        let log = MessageLog()
        var worded = false
        log.record(
            .view, .controller, .delegate,
            {
                worded = true
                return "setTotalVal"
            }())
        log.recordRowQuestion(3, of: 10, receiver: AdderModel.self, member: "user(at:)")
        XCTAssertFalse(worded, "the text is not even built while the pane is closed")
        XCTAssertEqual(log.messages, [])
        XCTAssertEqual(log.serial, 0)
    }

    /// The pane takes an unchanged serial for unchanged rows (a move through time dims them
    /// again, and nothing more): every change of the rows, a clear and a stop included, gives a
    /// serial never read before.
    func testEveryChangeOfTheRowsGivesASerialNeverSeenBefore() {
        let log = MessageLog()
        log.start {}
        var seen = [log.serial]
        func changed(_ what: String) {
            XCTAssertFalse(seen.contains(log.serial), "\(what) gives a new serial")
            seen.append(log.serial)
        }
        log.record(.view, .controller, .targetAction, "clicked → AdderView")
        changed("a message")
        log.clear()
        changed("a clear")
        log.record(.view, .controller, .targetAction, "clicked → AdderView")
        changed("a message after the clear")
        log.stop()
        changed("a stop")
        log.start {}
        log.record(.view, .controller, .targetAction, "clicked → AdderView")
        changed("a message after a new start")
        let read = log.messagesAndSerial
        XCTAssertEqual(read.serial, log.serial)
        XCTAssertEqual(read.messages, log.messages)
    }

    func testMessagesInOrderWithWhereTheyWereSent() throws {
        let log = MessageLog()
        log.start {}
        let firstLine = #line + 1
        log.record(.view, .controller, .targetAction, "clicked → AdderView")
        log.record(.controller, .model, .call, "model.total()")
        let messages = log.messages
        XCTAssertEqual(messages.map(\.text), ["clicked → AdderView", "model.total()"])
        XCTAssertEqual(messages.map(\.channel), [.targetAction, .call])
        XCTAssertEqual(messages[0].source, "TriadModelTests/MessageLogTests.swift:\(firstLine)")
        XCTAssertEqual(messages[0].count, 1)
    }

    func testEachMessageCarriesTheStateItFoundButRowQuestionsDoNot() throws {
        // The state is read on the thread that runs the main loop, as the app's model lives there.
        let context = g_main_context_default()
        XCTAssertNotEqual(g_main_context_acquire(context), 0)
        defer { g_main_context_release(context) }
        let log = MessageLog()
        MainActor.assumeIsolated {
            let model = RecordingAdderModelProbe(log: log)
            log.start(snapshot: { [model] in
                model.readState()  // what reading the state records is dropped, not kept as a message
                return [StateEntry("model.first", String(model.first))]
            }) {}
            log.record(.controller, .model, .call, "model.set(\"40\", \"2\")")
            model.first = 40
            log.record(.view, .controller, .delegate, "getTotalVal()")
            log.recordRowQuestion(3, of: 10, receiver: AdderModel.self, member: "cells(forRow:)")
        }
        XCTAssertEqual(log.messages.map(\.text), ["model.set(\"40\", \"2\")", "getTotalVal()", "row 3 of 10"])
        XCTAssertEqual(log.messages.map(\.state), [[StateEntry("model.first", "0")], [StateEntry("model.first", "40")], nil])
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
        func keystroke(_ length: Int) {
            log.record(.view, .controller, .targetAction, "textChanged(\(length) characters)")
            log.record(.model, .model, .propertyObserver, "note.text changed (\(length) characters)")
            log.record(.model, .controller, .notification, "post(.noteChanged)")
        }
        for length in 1...4 { keystroke(length) }
        XCTAssertEqual(log.messages.map(\.count), [4, 4, 4])
        XCTAssertEqual(log.messages.map(\.text), ["textChanged(4 characters)", "note.text changed (4 characters)", "post(.noteChanged)"])
        // Another keystroke after something else: the cycle starts again where the view sent it.
        log.record(.controller, .view, .viewUpdate, "something else")
        keystroke(5)
        XCTAssertEqual(log.messages.count, 4, "a repeat among the last rows merges: \(log.messages.map(\.text))")
        XCTAssertEqual(log.messages.map(\.count), [5, 5, 5, 1])
    }

    /// A change, then Undo at once: the observers told of the undo come after the undo's row, not
    /// merged into the change's row above it, though the same words came from the same line.
    func testAConsequenceIsNotMergedAboveItsCause() {
        let log = MessageLog()
        log.start {}
        func told() { log.record(.model, .controller, .observer, "chart.poll → 4 observer(s)") }
        log.record(.view, .controller, .delegate, "barChart(didMoveBar: 0)")
        log.record(.controller, .model, .call, "model.setVotes(at: 0, to: 13)")
        told()
        log.record(.controller, .model, .call, "model.undo()")
        told()
        XCTAssertEqual(
            log.messages.map(\.text),
            [
                "barChart(didMoveBar: 0)", "model.setVotes(at: 0, to: 13)", "chart.poll → 4 observer(s)", "model.undo()",
                "chart.poll → 4 observer(s)",
            ])
    }

    func testDataSourceQuestionsMergeIntoARange() {
        let log = MessageLog()
        log.start {}
        for row in 0...22 { log.recordRowQuestion(row, of: 1_000_000, receiver: UserList.self, member: "user(at:)") }
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
        XCTAssertEqual(
            MessageExport.mermaid(log.messages),
            """
            sequenceDiagram
                participant View as View
                participant Controller as Controller
                participant Model as Model
                View->>Controller: setTotalVal("1", "2") [delegate]
                Controller->>Model: a#59; b #35; c ×2 [method call]

            """)
        let lines = MessageExport.plainText(log.messages).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(
            lines[0].hasPrefix("View → Controller\tdelegate\tsetTotalVal(\"1\", \"2\")\tTriadModelTests/MessageLogTests.swift:"),
            "\(lines[0])")
        XCTAssertTrue(lines[0].hasSuffix("\tsender"), "whose line it is: \(lines[0])")
        XCTAssertTrue(lines[1].contains("a; b # c (×2)"))
    }

    /// A message recorded where it is received points at the receiving method's line, as
    /// `locate` finds it; one that cannot be located names the method, at line 0.
    func testAReceivedMessagePointsAtTheReceivingMethod() {
        let log = MessageLog.shared
        log.start(
            locate: { type, member in type == "AdderModel" && member == "set(_:_:)" ? ("TriadModel/AdderModel.swift", 98) : nil },
            changed: {})
        defer { log.stop() }
        log.record(.controller, .model, .call, "model.set(\"40\", \"2\")", receiver: AdderModel.self, member: "set(_:_:)")
        log.record(.controller, .model, .call, "model.total()", receiver: AdderModel.self, member: "total()")
        let messages = log.messages
        XCTAssertEqual(messages.map(\.side), [.receiver, .receiver])
        XCTAssertEqual(messages[0].source, "TriadModel/AdderModel.swift:98", "the receiving method's line")
        XCTAssertEqual(messages[1].source, "AdderModel.total():0", "unlocated: the method's name, line 0")
    }

    /// While the pane is closed nothing is recorded, and the message's words are never built.
    func testNothingIsRecordedWhileClosed() {
        var worded = false
        MessageLog.shared.record(
            .controller, .model, .call,
            {
                worded = true
                return "model.total()"
            }(), receiver: AdderModel.self, member: "total()")
        XCTAssertEqual(MessageLog.shared.messages, [])
        XCTAssertFalse(worded)
    }
}

private final class Counter: @unchecked Sendable {  // touched by one thread in these tests
    var value = 0
    func add() { value += 1 }
}

/// A model whose reading records a message, as a recording model's `total()` does.
@MainActor private final class RecordingAdderModelProbe {
    let log: MessageLog
    var first = 0
    init(log: MessageLog) { self.log = log }
    func readState() { log.record(.controller, .model, .call, "model.total()") }
}
