import CGtk
import GtkKit
import TriadModel

/// The Messages pane in a window of its own (beside the main window rather than inside it).
/// Closing it closes the pane; the pane's widgets are handed back, not destroyed.
@MainActor
final class MessagesWindow {
    private let window: Owned<GtkWindow>
    private let content: WidgetPointer
    var onClosed: (@MainActor () -> Void)?

    init(content: WidgetPointer, application: UnsafeMutablePointer<GtkApplication>?) {
        self.content = content
        window = Owned(window: gtk_window_new(GTK_WINDOW_TOPLEVEL)!.cast(to: GtkWindow.self))
        gtk_window_set_title(window.pointer, L("Messages"))
        gtk_window_set_default_size(window.pointer, 620, 640)
        installWindowActions(Self.actions, on: window.pointer, owner: self, application: application)
        gtk_container_add(window.pointer.cast(), content)
        window.pointer.on(.deleteEvent, target: self, action: MessagesWindow.closeRequested)
        gtk_window_present(window.pointer)
    }

    /// The window's own actions (`win.*`): Ctrl+W, as every window.
    static var actions: [ActionEntry<MessagesWindow>] {
        [ActionEntry("close", ["<Primary>w"], MessagesWindow.close)]
    }

    /// `win.close` (Ctrl+W), as the title bar's close button.
    func close() { gtk_window_close(window.pointer) }

    /// Gives the pane back (it outlives this window) and tells the owner, who lets go of this.
    private func closeRequested() -> Bool {
        release()
        onClosed?()
        return true  // the owner's release destroys the window
    }

    /// Takes the pane out of the window (its view keeps it alive).
    func release() {
        guard gtk_widget_get_parent(content) != nil else { return }
        gtk_container_remove(window.pointer.cast(), content)
    }

    isolated deinit { release() }
}
