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
        ui = try UIDescription(resource: AppInfo.ui("note.ui"))
        root = ui.widget("root")
        editButton = ui.widget("edit_button")
        noteLabel = ui.get("note_label")
        emptyLabel = ui.get("empty_label")
        statusLabel = ui.get("status_label")
        noteLabel.setAccessibleName(L("Note text"))
        editButton.setAccessibleName(L("Edit note"))
        statusLabel.setAccessibleName(L("Note status"))
        editButton.on("clicked") { [weak self] in self?.onEdit?() }
    }

    /// Shows the note; only its beginning goes to the label, so a huge note stays cheap to draw.
    func show(note text: String) {
        noteLabel.text = NoteModel.preview(text)
        noteLabel.isVisible = !text.isEmpty
        emptyLabel.isVisible = text.isEmpty
    }

    func showError(_ message: String?) {
        statusLabel.text = message ?? ""
        statusLabel.isVisible = message != nil
    }
}

/// Seed 004's flipside view: a window with a multi-line text view and the update-mode switch.
@MainActor
final class FlipsideView {
    private let ui: UIDescription
    let window: UnsafeMutablePointer<GtkWindow>
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let modeSwitch: UnsafeMutablePointer<GtkSwitch>

    var onTextChanged: (@MainActor (String) -> Void)?
    var onModeChanged: (@MainActor (Bool) -> Void)?
    var onClosed: (@MainActor () -> Void)?

    init(parent: WidgetPointer, text: String, updateAsYouType: Bool) throws(BuilderError) {
        ui = try UIDescription(resource: AppInfo.ui("flipside.ui"))
        window = ui.get("window")
        let textView: UnsafeMutablePointer<GtkTextView> = ui.get("text_view")
        buffer = gtk_text_view_get_buffer(textView)
        modeSwitch = ui.get("mode_switch")
        textView.setAccessibleName(L("Note editor"))
        modeSwitch.setAccessibleName(L("Update as I type"))
        window.setAccessibleName(L("Edit Note"))
        gtk_window_set_transient_for(window, parent.cast())
        // Belonging to the application gives this window the app's accelerators (Ctrl+Q, and
        // Ctrl+W for its own win.close).
        addCloseAction(to: window, application: gtk_window_get_application(parent.cast()))
        gtk_text_buffer_set_text(buffer, text, -1)
        gtk_switch_set_active(modeSwitch, gbool(updateAsYouType))

        buffer.on("changed") { [weak self] in
            guard let self else { return }
            self.onTextChanged?(self.text)
        }
        modeSwitch.on("notify::active", withArgument: { [weak self] _ in
            guard let self else { return }
            self.onModeChanged?(gtk_switch_get_active(self.modeSwitch) != 0)
        })
        window.on("key-press-event", returning: { [weak self] event in
            guard let self, let key = event?.assumingMemoryBound(to: GdkEventKey.self) else { return false }
            guard key.pointee.keyval == UInt32(GDK_KEY_Escape) else { return false }
            gtk_window_close(self.window)  // Escape closes, like a dialog
            return true
        })
        window.on("destroy") { [weak self] in self?.onClosed?() }
    }

    var text: String {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let characters = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(characters) }
        return String(cString: characters)
    }

    func present() { gtk_window_present(window) }
}
