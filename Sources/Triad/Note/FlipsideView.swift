import CGtk
import GtkKit
import TriadModel

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
        ui = try UIDescription(resource: AppInfo.ui("FlipsideView.ui"))
        ui.setAccessibleNames([
            "window": L("Edit Note"),
            "text_view": L("Note editor"),
            "mode_switch": L("Update as I type"),
        ])
        window = ui.get("window")
        let textView: UnsafeMutablePointer<GtkTextView> = ui.get("text_view")
        buffer = gtk_text_view_get_buffer(textView)
        modeSwitch = ui.get("mode_switch")
        gtk_window_set_transient_for(window, parent.cast())
        // Ctrl+W and Escape (WindowActions.swift); the text view sees keys first, so Escape
        // still reaches an input method that is composing.
        installWindowActions(Self.actions, on: window, owner: self,
                             application: gtk_window_get_application(parent.cast()))
        gtk_text_buffer_set_text(buffer, text, -1)
        gtk_switch_set_active(modeSwitch, gbool(updateAsYouType))

        buffer.on(.changed, target: self, action: FlipsideView.textChanged)
        modeSwitch.on(.notify("active"), target: self, action: FlipsideView.modeChanged)
        window.on(.destroy, target: self, action: FlipsideView.destroyed)
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

    /// `win.close` and `win.dismiss`: as the title bar's close button.
    func close() { gtk_window_close(window) }

    private func textChanged() { onTextChanged?(text) }
    private func modeChanged() { onModeChanged?(gtk_switch_get_active(modeSwitch) != 0) }
    private func destroyed() { onClosed?() }
}
