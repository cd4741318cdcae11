import GtkKit
import TriadModel

/// Seed 004's main view: a large, selectable label with the note, and Edit… (NoteView.ui).
@MainActor
final class NoteView {
    private let builder = Builder(resource: AppInfo.ui("NoteView.ui"))
    let root: Widget
    let editButton: Button
    private let noteLabel: Label
    private let emptyLabel: Label
    private let statusLabel: Label

    init() {
        root = builder.object("root")
        editButton = builder.object("edit_button")
        noteLabel = builder.object("note_label")
        emptyLabel = builder.object("empty_label")
        statusLabel = builder.object("status_label")
    }

    /// Shows the note; only its beginning goes to the label, so a huge note stays cheap to draw.
    func show(note text: String) {
        noteLabel.text = NoteModel.preview(text)
        noteLabel.isVisible = !text.isEmpty
        emptyLabel.isVisible = text.isEmpty
    }

    /// A line under the note: "Saving…" while the store is busy, or why the note was not
    /// saved; nil hides it.
    func showStatus(_ message: String?, isError: Bool = true) {
        statusLabel.showAsStatus(message ?? "", isError: isError)
        statusLabel.isVisible = message != nil
    }
}
