import XCTest

@testable import TriadModel

/// The note's saving policy (NoteSaver.swift), on a clock moved by hand: stored once the typing
/// pauses, "saving" said only for a save slow enough to notice, a failed save tried again a
/// while later, the last edits stored at once when the window closes, and the flipside's mode
/// remembered.
final class NoteSavingTests: XCTestCase {
    /// A note model on a hand-moved clock, and what it told of its saves.
    @MainActor final class Page {
        let clock = ManualClock()
        let store: Store
        let model: NoteModel
        var states: [NoteSaveState] = []

        init(_ store: Store) {
            self.store = store
            model = NoteModel(store: store, hub: NotificationHub(), scheduler: clock)
            model.saveStateChanged = { [weak self] in self?.states.append($0) }
        }

        var stored: String? { (try? store.database.scalar("SELECT text FROM note WHERE id = 1"))??.text }
    }

    func testAChangeIsStoredOnceTheTypingPauses() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let page = Page(try Store(directory: directory))
            page.model.text = "a"
            page.clock.advance(by: NoteSaver.pauseMilliseconds - 1)
            page.model.text = "ab"  // a keystroke before the pause is over starts it afresh
            page.clock.advance(by: NoteSaver.pauseMilliseconds - 1)
            XCTAssertNil(page.stored, "nothing is stored while the typing goes on")
            XCTAssertTrue(page.model.hasUnsavedChanges)
            page.clock.advance(by: 1)
            XCTAssertEqual(page.stored, "ab")
            XCTAssertFalse(page.model.hasUnsavedChanges)
            XCTAssertEqual(page.states, [.saved], "a save that answers at once says nothing of saving")
            page.clock.advance(by: NoteSaver.retryMilliseconds)
            XCTAssertEqual(page.states, [.saved], "one save for the pause, and no other")
        }
    }

    /// Another program holds the file: the page hears "saving" once the write has waited a while,
    /// then the failure; the note is tried again after the retry's delay, and stored.
    func testASlowSaveIsSaidAndAFailedOneIsTriedAgainLater() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let mailbox = WriteQueueTests.Mailbox()
            store.startWriter(patienceMilliseconds: 100, deliver: mailbox.deliver)
            let page = Page(store)
            let other = try Database(path: store.path)
            try other.execute("BEGIN IMMEDIATE")
            page.model.text = "kept"
            page.clock.advance(by: NoteSaver.pauseMilliseconds)
            page.clock.advance(by: NoteSaver.noticeMilliseconds - 1)
            XCTAssertEqual(page.states, [], "not yet long enough to say")
            page.clock.advance(by: 1)
            XCTAssertEqual(page.states, [.saving])
            mailbox.run(until: { page.states.count == 2 })
            guard case .failed(let error) = page.states.last else { return XCTFail("told \(page.states)") }
            XCTAssertEqual(error.kind, .busy)
            XCTAssertTrue(page.model.hasUnsavedChanges)
            XCTAssertEqual(page.model.text, "kept")

            try other.execute("COMMIT")
            page.clock.advance(by: NoteSaver.retryMilliseconds - 1)
            mailbox.run(until: { false }, seconds: 0.2)
            XCTAssertEqual(page.states.count, 2, "not tried again before the delay")
            page.clock.advance(by: 1)
            mailbox.run(until: { page.states.count == 3 })
            XCTAssertEqual(page.states.last, .saved)
            XCTAssertEqual(page.stored, "kept")
            XCTAssertFalse(page.model.hasUnsavedChanges)
        }
    }

    /// A save that succeeds while a failed one waits to be tried again calls the retry off: the
    /// page hears of the one save, and of nothing more when the retry's delay is over.
    func testASaveBeforeTheRetryCallsTheRetryOff() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let mailbox = WriteQueueTests.Mailbox()
            store.startWriter(patienceMilliseconds: 100, deliver: mailbox.deliver)
            let page = Page(store)
            let other = try Database(path: store.path)
            try other.execute("BEGIN IMMEDIATE")
            page.model.text = "kept"
            page.clock.advance(by: NoteSaver.pauseMilliseconds)
            mailbox.run(until: { page.states.count == 1 })
            guard case .failed = page.states.last else { return XCTFail("told \(page.states)") }

            try other.execute("COMMIT")
            page.model.text = "kept, and more"
            page.clock.advance(by: NoteSaver.pauseMilliseconds)
            mailbox.run(until: { page.states.count == 2 })
            XCTAssertEqual(page.states.last, .saved)
            XCTAssertEqual(page.stored, "kept, and more")
            page.clock.advance(by: NoteSaver.retryMilliseconds)
            mailbox.run(until: { false }, seconds: 0.2)
            XCTAssertEqual(page.states.count, 2, "no retry after the save that succeeded: \(page.states)")
        }
    }

    /// Closing stores the last edits at once, in place of the save the pause would start; with
    /// nothing to store it answers at once and says nothing.
    func testClosingStoresTheLastEditsAtOnce() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let mailbox = WriteQueueTests.Mailbox()
            store.startWriter(deliver: mailbox.deliver)
            let page = Page(store)
            var answers: [StoreError?] = []
            page.model.saveBeforeClosing { answers.append($0) }
            XCTAssertEqual(answers.count, 1, "nothing to store: answered at once")
            XCTAssertEqual(page.states, [])

            page.model.text = "last words"
            page.model.saveBeforeClosing { answers.append($0) }
            XCTAssertEqual(answers.count, 1, "the writer answers later")
            mailbox.run(until: { answers.count == 2 })
            guard answers.count == 2 else { return XCTFail("the closing save was not answered") }
            XCTAssertNil(answers[1] as StoreError?)
            XCTAssertEqual(page.stored, "last words")
            page.clock.advance(by: NoteSaver.pauseMilliseconds)
            mailbox.run(until: { false }, seconds: 0.1)
            XCTAssertEqual(page.states, [.saved], "the pause's save was called off")
        }
    }

    /// An edit made while a write waits is not counted as stored when the write answers.
    func testAnEditMadeWhileAWriteWaitsStaysUnsaved() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let mailbox = WriteQueueTests.Mailbox()
            store.startWriter(deliver: mailbox.deliver)
            let page = Page(store)
            page.model.text = "first"
            var answered = false
            page.model.save { _ in answered = true }
            page.model.text = "first and second"
            mailbox.run(until: { answered })
            XCTAssertEqual(page.stored, "first")
            XCTAssertTrue(page.model.hasUnsavedChanges)
            page.clock.advance(by: NoteSaver.pauseMilliseconds)
            mailbox.run(until: { !page.model.hasUnsavedChanges })
            XCTAssertEqual(page.stored, "first and second")
        }
    }

    func testTheFlipsidesModeIsRememberedInTheStore() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let model = NoteModel(store: try Store(directory: directory), hub: NotificationHub())
            XCTAssertEqual(model.updateMode, .asYouType, "the seed's way, the first time")
            var answer: StoreError?? = .none
            model.rememberUpdateMode(.onClose) { answer = .some($0) }
            XCTAssertEqual(answer, .some(nil))
            XCTAssertEqual(model.updateMode, .onClose)
            XCTAssertEqual(NoteModel(store: try Store(directory: directory), hub: NotificationHub()).updateMode, .onClose)
        }
    }

    /// A window opened again at once, while the choice's write still waits its turn (another
    /// program holds the file here), finds the choice made, not the one stored before.
    func testTheModeChosenIsAnsweredBeforeItsWriteIsDone() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let mailbox = WriteQueueTests.Mailbox()
            store.startWriter(deliver: mailbox.deliver)  // the usual patience: the write waits out the other program
            let model = NoteModel(store: store, hub: NotificationHub())
            let other = try Database(path: store.path)
            try other.execute("BEGIN IMMEDIATE")
            var answer: StoreError?? = .none
            model.rememberUpdateMode(.onClose) { answer = .some($0) }
            XCTAssertEqual(model.updateMode, .onClose, "the choice, while its write waits")
            try other.execute("COMMIT")
            mailbox.run(until: { answer != nil })
            XCTAssertEqual(NoteModel(store: store, hub: NotificationHub()).updateMode, .onClose, "and stored")
        }
    }
}
