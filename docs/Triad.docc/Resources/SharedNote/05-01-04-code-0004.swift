import GtkKit

/// Seed 004's main view: the note, in a large label (NoteView.ui).
@MainActor
final class NoteView {
    private let builder = Builder(file: "NoteView.ui")
    let root: Widget
    let editButton: Button
    private let noteLabel: Label
    private let statusLabel: Label

    init() {
        root = builder.object("root")
        editButton = builder.object("edit_button")
        noteLabel = builder.object("note_label")
        statusLabel = builder.object("status_label")
    }

    /// Shows the note, or says that it is empty.
    func show(note text: String) {
        noteLabel.text = text.isEmpty ? "(The note is empty.)" : text
    }

    /// A line under the note saying what went wrong; nil hides it.
    func showStatus(_ message: String?) {
        statusLabel.text = message ?? ""
        statusLabel.isVisible = message != nil
    }
}
