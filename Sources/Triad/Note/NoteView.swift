import CGtk
import GtkKit
import TriadModel

/// Seed 004's main view: a large, selectable label with the note, and "Edit…".
@MainActor
final class NoteView {
    private let ui: UIDescription
    let root: WidgetPointer
    let editButton: WidgetPointer
    private let noteLabel: UnsafeMutablePointer<GtkLabel>
    private let emptyLabel: UnsafeMutablePointer<GtkLabel>
    private let statusLabel: UnsafeMutablePointer<GtkLabel>

    var onEdit: (@MainActor () -> Void)?

    init() throws(BuilderError) {
        ui = try UIDescription(resource: AppInfo.ui("NoteView.ui"))
        ui.setAccessibleNames([
            "edit_button": L("Edit note"),
            "note_label": L("Note text"),
            "status_label": L("Note status"),
        ])
        root = ui.widget("root")
        editButton = ui.widget("edit_button")
        noteLabel = ui.get("note_label")
        emptyLabel = ui.get("empty_label")
        statusLabel = ui.get("status_label")
        editButton.on(.clicked, target: self, action: NoteView.editPressed)
    }

    private func editPressed() { onEdit?() }

    /// Shows the note; only its beginning goes to the label, so a huge note stays cheap to draw.
    func show(note text: String) {
        noteLabel.text = NoteModel.preview(text)
        noteLabel.isVisible = !text.isEmpty
        emptyLabel.isVisible = text.isEmpty
    }

    /// A line under the note: "Saving…" while the store is busy, or why the note was not
    /// saved; nil hides it.
    func showStatus(_ message: String?, isError: Bool = true) {
        statusLabel.text = message ?? ""
        statusLabel.setStyleClass("error-message", isError)
        statusLabel.setStyleClass("secondary-text", !isError)
        statusLabel.isVisible = message != nil
    }
}
