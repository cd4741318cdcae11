import CGLib
import XCTest

@testable import TriadModel

/// Travel through the recorded messages, without a window: the moment after each message, the
/// store held while the page is in the past, and the rule of a new present.
final class TimeTravelTests: XCTestCase {
    /// Runs `body` as the app's main loop would: the models' state is read only on its thread.
    private func onMainLoop(_ body: @MainActor () throws -> Void) rethrows {
        let context = g_main_context_default()
        XCTAssertNotEqual(g_main_context_acquire(context), 0)
        defer { g_main_context_release(context) }
        try MainActor.assumeIsolated { try body() }
    }

    // MARK: The recorded moments

    func testTheMomentAfterAMessageIsWhatTheNextMessageFound() {
        onMainLoop {
            let log = MessageLog()
            let note = Box("")
            log.start(moment: { [note] in .note(note.value) }) {}
            log.record(.view, .controller, .targetAction, "changed → FlipsideViewController")  // finds ""
            note.value = "a"
            log.record(.model, .controller, .observer, "note.text → 2 observer(s)")  // finds "a"
            note.value = "ab"
            log.recordRowQuestion(0, of: 3, receiver: AdderModel.self, member: "cells(forRow:)")  // reads nothing
            log.record(.model, .controller, .observer, "note.text → 2 observer(s)")  // finds "ab"
            note.value = "abc"
            let messages = log.messages
            XCTAssertEqual(messages.map(\.moment), [.note(""), .note("a"), nil, .note("ab")])
            XCTAssertEqual(messages.map(\.id), [1, 2, 3, 4], "each row has an id of its own")
            let now = PageMoment.note("abc")
            let travel = TimeTravel()
            travel.begin(at: 1, page: "note", present: now, lastID: 4)
            XCTAssertEqual(travel.moment(after: 1, in: messages), .note("a"))
            XCTAssertEqual(travel.moment(after: 2, in: messages), .note("ab"), "a row question is passed over")
            XCTAssertEqual(travel.moment(after: 4, in: messages), now, "after the last message: the present")
            XCTAssertNil(travel.moment(after: 9, in: messages), "no moment after a message the log does not hold")
            XCTAssertEqual(messages.index(ofID: 3), 2)
            XCTAssertNil(messages.index(ofID: 9))
            XCTAssertEqual(travel.laterCount(in: messages), 3, "the rows after the first")
            travel.move(to: 3)
            XCTAssertEqual(travel.laterCount(in: messages), 1)
        }
    }

    func testTheFieldsTypedAreKeptForThePresentOnlyAndAChangeIsToldByTheModel() {
        let present = PageMoment.adder(first: 40, second: 2, typed: ["40", "2x"])
        XCTAssertEqual(present.model, .adder(first: 40, second: 2, typed: nil))
        let messages = [message(1, .adder(first: 0, second: 0, typed: nil)), message(2, .adder(first: 40, second: 2, typed: nil))]
        MainActor.assumeIsolated {
            let travel = TimeTravel()
            travel.begin(at: 1, page: "adder", present: present, lastID: 2)
            XCTAssertEqual(travel.moment(after: 1, in: messages), .adder(first: 40, second: 2, typed: nil))
            XCTAssertEqual(travel.moment(after: 2, in: messages), present.model, "after the last row, the present's model")
            XCTAssertFalse(travel.changedInPast(now: .adder(first: 40, second: 2, typed: nil), messages: messages))
            XCTAssertTrue(travel.changedInPast(now: .adder(first: 7, second: 2, typed: nil), messages: messages))
            XCTAssertEqual(travel.end(), present, "back to now puts back the present with its fields")
            XCTAssertFalse(travel.isTravelling)
        }
    }

    func testMessagesMadeInThePastDoNotCountAsTheMomentAfterTheLastRow() {
        let present = PageMoment.note("now")
        let messages = [message(1, .note("")), message(2, .note("then")), message(3, .note("changed in the past"))]
        MainActor.assumeIsolated {
            let travel = TimeTravel()
            travel.begin(at: 2, page: "note", present: present, lastID: 2)
            XCTAssertEqual(travel.moment(after: 2, in: messages), present, "the row made in the past found what the learner did there")
        }
    }

    // MARK: The rule of a new present

    func testAChangeInThePastDropsTheLaterRowsAndKeepsTheOnesItMade() {
        onMainLoop {
            let log = MessageLog()
            log.start {}
            for (line, text) in ["a", "b", "c", "d", "e"].enumerated() { log.record(.view, .controller, .targetAction, text, line: line) }
            let travel = TimeTravel()
            travel.begin(at: 2, page: "chart", present: .note("e"), lastID: 5)
            log.startNewRows()
            log.record(.view, .controller, .targetAction, "e", line: 4)  // the last row's message again: made in the past, a row of its own
            let messages = log.messages
            XCTAssertEqual(messages.map(\.text), ["a", "b", "c", "d", "e", "e"])
            XCTAssertEqual(messages.filter { travel.isLater($0) }.map(\.id), [3, 4, 5])
            XCTAssertEqual(travel.laterCount(in: messages), 3, "the number the question names")
            travel.startNewPresent(in: log)
            XCTAssertEqual(log.messages.map(\.id), [1, 2, 6])
            XCTAssertFalse(travel.isTravelling, "the page is in its new present")
        }
    }

    func testRepeatsMergeUntilNewRowsStart() {
        onMainLoop {
            let log = MessageLog()
            log.start {}
            log.record(.view, .controller, .targetAction, "x", line: 1)
            log.record(.view, .controller, .targetAction, "x", line: 1)
            XCTAssertEqual(log.messages.map(\.count), [2], "a quick repeat merges")
            log.startNewRows()
            log.record(.view, .controller, .targetAction, "x", line: 1)
            XCTAssertEqual(log.messages.map(\.count), [2, 1], "but never into a row from before")
        }
    }

    // MARK: The held store

    func testHeldWritesWaitUnrunUntilReleasedOrAnsweredUnrun() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            store.writes.hold()
            var answers: [StoreError?] = []
            store.writes.write({ try Store.setSetting("k", "past", in: $0) }, then: { answers.append($0) })
            try store.writes.writeNow { try Store.setSetting("k", "at exit", in: $0) }
            XCTAssertNil(store.setting("k"), "nothing is written while held, not even at exit")
            XCTAssertEqual(store.writes.heldCount, 1)
            XCTAssertEqual(answers.count, 0, "and nothing is answered yet")
            store.writes.discard()
            XCTAssertEqual(answers.map { $0 == nil }, [true], "a discarded write is answered, as stored")
            XCTAssertNil(store.setting("k"), "without being written")
            XCTAssertFalse(store.writes.isHolding)

            store.writes.hold()
            store.writes.write({ try Store.setSetting("k", "one", in: $0) }, then: { _ in })
            store.writes.write({ try Store.setSetting("k", "two", in: $0) }, then: { _ in })
            XCTAssertNil(store.setting("k"))
            store.writes.release()
            XCTAssertEqual(store.setting("k"), "two", "released, they run in the order asked")
            store.writes.write({ try Store.setSetting("k", "three", in: $0) }, then: { _ in })
            XCTAssertEqual(store.setting("k"), "three", "and writes run again as they come")
        }
    }

    /// The note travelled to a recorded text and back: the file keeps the present's text and its
    /// time of saving, and the note does not save again after the pause.
    func testANoteInThePastAndBackWritesNothing() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let clock = ManualClock()
            let note = NoteModel(store: store, hub: NotificationHub(), scheduler: clock)
            note.text = "present"
            note.save()
            // The rows this connection (which runs the writes here) has written so far, and the note's row.
            let row = { try store.database.rows("SELECT total_changes(), text, saved_at FROM note WHERE id = 1") }
            let before = try row()
            XCTAssertEqual(before.first?[1].text, "present")

            store.writes.hold()
            note.text = "past"  // travel: the page's observers follow, its save waits
            clock.advance(by: NoteSaver.pauseMilliseconds)
            XCTAssertEqual(try row(), before, "the past is not written")
            note.text = "present"  // back to now
            note.save()  // settled while held
            store.writes.discard()
            XCTAssertFalse(note.hasUnsavedChanges, "the note knows the file has the present")
            clock.advance(by: NoteSaver.retryMilliseconds)
            XCTAssertEqual(try row(), before, "the present as it was stored, its time of saving too, and no write since")
        }
    }

    /// A save held by the store is not a save under way: the note's page is never told
    /// "saving" in the past, and hears that the note is stored once the held writes are answered.
    func testANoteInThePastIsNotSaidToBeSaving() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let clock = ManualClock()
            let note = NoteModel(store: store, hub: NotificationHub(), scheduler: clock)
            var told: [NoteSaveState] = []
            note.saveStateChanged = { told.append($0) }
            store.writes.hold()
            note.text = "past"
            clock.advance(by: NoteSaver.pauseMilliseconds + NoteSaver.noticeMilliseconds * 2)
            XCTAssertEqual(told, [], "a held write is not said to be saving")
            note.text = "present"
            note.save()
            clock.advance(by: NoteSaver.noticeMilliseconds * 2)
            XCTAssertEqual(told, [], "nor is the present's, settled while held")
            store.writes.discard()
            XCTAssertEqual(told.last, .saved, "back in the present, the page hears the note's true state")
            XCTAssertFalse(told.contains(.saving))
        }
    }

    func testAChangeMadeInThePastIsStoredOnceReleased() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let clock = ManualClock()
            let note = NoteModel(store: store, hub: NotificationHub(), scheduler: clock)
            store.writes.hold()
            note.text = "past"
            note.text = "past, then changed"
            clock.advance(by: NoteSaver.pauseMilliseconds)
            XCTAssertNil(try store.database.scalar("SELECT text FROM note WHERE id = 1"))
            store.writes.release()  // the learner agreed to a new present
            XCTAssertEqual(try store.database.scalar("SELECT text FROM note WHERE id = 1")?.text, "past, then changed")
            XCTAssertFalse(note.hasUnsavedChanges)
        }
    }

    private func message(_ id: Int, _ moment: PageMoment?) -> LoggedMessage {
        var message = LoggedMessage(
            from: .view, to: .controller, channel: .targetAction, text: "m\(id)", file: "f", line: id, side: .sender, count: 1)
        message.moment = moment
        message.id = id
        return message
    }
}

/// A value the snapshot closures read, changed between messages.
private final class Box: @unchecked Sendable {
    var value: String
    init(_ value: String) { self.value = value }
}
