import CGtk
import GtkKit

/// Seed 004's flipside view: a window with a multi-line text field and the switch that says when
/// the note updates (FlipsideView.ui).
@MainActor
class FlipsideView {
    private let builder = Builder(resource: AppInfo.ui("FlipsideView.ui"))
    let window: UnsafeMutablePointer<GtkWindow>
    let buffer: UnsafeMutablePointer<GtkTextBuffer>
    let modeSwitch: UnsafeMutablePointer<GtkSwitch>

    init(parent: WidgetPointer, text: String, updateAsYouType: Bool) {
        window = builder.object("window")
        buffer = gtk_text_view_get_buffer(builder.object("text_view", as: GtkTextView.self))
        modeSwitch = builder.object("mode_switch")
        gtk_window_set_transient_for(window, parent.cast())
        // Ctrl+W and Escape; the text view sees keys first, so Escape still reaches an input
        // method that is composing.
        installWindowActions(Self.actions, on: window, owner: self, application: gtk_window_get_application(parent.cast()))
        gtk_text_buffer_set_text(buffer, text, -1)
        gtk_switch_set_active(modeSwitch, gbool(updateAsYouType))
    }

    /// The window's own actions (`win.*`): Ctrl+W as every window, and Escape, as a dialog.
    static var actions: [ActionEntry<FlipsideView>] {
        [ActionEntry("close", ["<Primary>w"], FlipsideView.close),
         ActionEntry("dismiss", ["Escape"], FlipsideView.close)]
    }

    var text: String {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let characters = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(characters) }
        return String(cString: characters)
    }

    var updatesAsYouType: Bool { gtk_switch_get_active(modeSwitch) != 0 }

    func present() { gtk_window_present(window) }

    /// `win.close` and `win.dismiss`: as the title bar's close button.
    func close() { gtk_window_close(window) }
}
