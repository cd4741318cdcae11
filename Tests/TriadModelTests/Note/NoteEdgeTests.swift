import XCTest

@testable import TriadModel

/// The note at two edges: the save at quit, when no main loop is left to answer a queued write,
/// and the preview of a note exactly as long as the preview's limit.
final class NoteEdgeTests: XCTestCase {
    func testTheSaveAtQuitStoresAnUnsavedEdit() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            do {
                let note = NoteModel(store: try Store(directory: directory), hub: NotificationHub())
                note.text = "Written just before quitting"
                XCTAssertTrue(note.hasUnsavedChanges)
                try note.saveBeforeExit()
                XCTAssertFalse(note.hasUnsavedChanges)
            }
            XCTAssertEqual(NoteModel(store: try Store(directory: directory), hub: NotificationHub()).text, "Written just before quitting")
        }
    }

    func testAPreviewExactlyAtTheLimitIsTheWholeText() {
        let text = String(repeating: "ß", count: 10)
        XCTAssertEqual(NoteModel.preview(text, limit: 10), text, "nothing cut, so no ellipsis")
        XCTAssertEqual(NoteModel.preview(text + "ß", limit: 10), text + "…")
    }
}
