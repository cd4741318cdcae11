import Foundation
import TriadModel

/// Keeps the note in a file: it reads the file once, then writes it at each change, as one more
/// observer of the model. The model does not know that it is kept.
@MainActor
final class NoteFile {
    private let url: URL
    private let told: (String?) -> Void

    /// Reads the note from `url` into `model` and keeps it there; `told` gets why the note could
    /// not be read or written, or nil once a write succeeds.
    init(model: NoteModel, url: URL = NoteFile.defaultURL, told: @escaping (String?) -> Void) {
        self.url = url
        self.told = told
        if FileManager.default.fileExists(atPath: url.path) {
            do {
                model.text = try String(contentsOf: url, encoding: .utf8)
            } catch {
                // Writing now would replace a note that could not be read: leave the file alone.
                told("The kept note could not be read, so edits are not saved: \(error.localizedDescription)")
                return
            }
        }
    }

    /// note.txt in the user's data folder (~/.local/share/Note).
    static var defaultURL: URL {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("Note").appendingPathComponent("note.txt")
    }
}
