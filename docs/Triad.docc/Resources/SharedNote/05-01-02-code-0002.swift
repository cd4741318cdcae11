import GtkKit

/// Seed 004's main view: the note, in a large label (NoteView.ui).
@MainActor
final class NoteView {
    private let builder = Builder(file: "NoteView.ui")
    let root: Widget
    let editButton: Button
    private let noteLabel: Label

    init() {
        root = builder.object("root")
        editButton = builder.object("edit_button")
        noteLabel = builder.object("note_label")
    }

    /// Shows the note, or says that it is empty.
    func show(note text: String) {
        noteLabel.text = text.isEmpty ? "(The note is empty.)" : text
    }
}
