import XCTest

@testable import TriadModel

/// Seed 004's shared model, its observers, the notification, and the flipside's update modes.
final class NoteTests: XCTestCase {
    /// Stands in for the main view controller: observes the model, holds its token.
    @MainActor final class Observer {
        var seen: [String] = []
        var token: ObservationToken?
        init(_ model: NoteModel) {
            token = model.observeText { [weak self] in self?.seen.append($0) }
        }
    }

    func testObserversGetEachNewValueOnce() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let model = NoteModel(store: try Store(directory: directory), hub: NotificationHub())
            let observer = Observer(model)
            model.text = "a"
            model.text = "ab"
            model.text = "ab"  // no change, no call
            XCTAssertEqual(observer.seen, ["a", "ab"])
        }
    }

    func testNoCallsAfterRemovalAndObserverIsReleased() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let model = NoteModel(store: try Store(directory: directory), hub: NotificationHub())
            var observer: Observer? = Observer(model)
            weak let weakObserver = observer
            model.text = "one"
            XCTAssertEqual(observer?.seen, ["one"])
            observer?.token?.cancel()
            model.text = "two"
            XCTAssertEqual(observer?.seen, ["one"], "no call after cancelling")

            // The window closes: its controller goes away with nothing else holding it.
            let second = Observer(model)
            observer = nil
            XCTAssertNil(weakObserver, "the model must not keep an observing controller alive")
            model.text = "three"
            XCTAssertEqual(second.seen, ["three"])
        }
    }

    func testDroppedTokenRemovesObserver() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let model = NoteModel(store: try Store(directory: directory), hub: NotificationHub())
            var calls = 0
            var token: ObservationToken? = model.observeText { _ in calls += 1 }
            model.text = "x"
            token = nil
            _ = token
            model.text = "y"
            XCTAssertEqual(calls, 1)
        }
    }

    func testNotificationPostedOnChange() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let hub = NotificationHub()
            let model = NoteModel(store: try Store(directory: directory), hub: hub)
            var posted = 0
            let token = hub.listen(.noteChanged) { posted += 1 }
            model.text = "hello"
            model.text = "hello"
            XCTAssertEqual(posted, 1)
            token.cancel()
            model.text = "bye"
            XCTAssertEqual(posted, 1)
        }
    }

    func testPersistenceRoundTrip() throws {
        let directory = makeTemporaryDirectory(self)
        let big = String(repeating: "ノート📝 ", count: 200_000)  // over 1 MB of UTF-8
        try MainActor.assumeIsolated {
            do {
                let model = NoteModel(store: try Store(directory: directory), hub: NotificationHub())
                XCTAssertEqual(model.text, "")
                model.text = big
                XCTAssertTrue(model.hasUnsavedChanges)
                try model.saveNow()
                XCTAssertFalse(model.hasUnsavedChanges)
            }
            let reopened = NoteModel(store: try Store(directory: directory), hub: NotificationHub())
            XCTAssertEqual(reopened.text, big)
        }
    }

    func testUpdateOnCloseModePublishesOnlyOnClose() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let model = NoteModel(store: try Store(directory: directory), hub: NotificationHub())
            let observer = Observer(model)
            let draft = NoteDraft(model: model, mode: .onClose)
            draft.textChanged("d")
            draft.textChanged("dr")
            draft.textChanged("draft")
            XCTAssertEqual(model.text, "")
            XCTAssertEqual(observer.seen, [])
            draft.close()
            XCTAssertEqual(model.text, "draft")
            XCTAssertEqual(observer.seen, ["draft"], "one publication, with the final text")

            let typing = NoteDraft(model: model, mode: .asYouType)
            typing.textChanged("draft!")
            XCTAssertEqual(model.text, "draft!")
            // Switching to as-you-type publishes what was held back.
            let switching = NoteDraft(model: model, mode: .onClose)
            switching.textChanged("held")
            switching.mode = .asYouType
            XCTAssertEqual(model.text, "held")
        }
    }

    func testPreviewIsShortForHugeNotes() {
        XCTAssertEqual(NoteModel.preview("short"), "short")
        let preview = NoteModel.preview(String(repeating: "a", count: 1_000_000))
        XCTAssertEqual(preview.count, 2_001)
        XCTAssertTrue(preview.hasSuffix("…"))
    }

    func testMigrationKeepsDataFromVersionOne() throws {
        let directory = makeTemporaryDirectory(self)
        do {  // a store as version 1 of the app left it
            let database = try Database(path: "\(directory)/\(DataLocation.fileName)")
            try Store.migrations[0](database)
            try database.setUserVersion(1)
            try database.execute("INSERT INTO settings (key, value) VALUES ('adder.first', '41')")
        }
        let store = try Store(directory: directory)
        XCTAssertEqual(store.database.userVersion, Store.schemaVersion)
        XCTAssertEqual(store.setting("adder.first"), "41")
        XCTAssertEqual(try store.database.scalar("SELECT count(*) FROM note"), .integer(0))
    }
}
