import GtkKit
import TriadModel

/// The Messages pane in a window of its own (beside the main window rather than inside it).
/// Closing it closes the pane; the pane's widgets are handed back, not destroyed.
@MainActor
final class MessagesWindow {
    private let window: Owned<Window>
    private let content: Widget
    var onClosed: (@MainActor () -> Void)?

    init(content: Widget, application: Application?) {
        self.content = content
        window = Owned(window: Window(title: L("Messages"), width: 620, height: 640))
        window.object.installActions(Self.actions, owner: self, application: application)
        window.object.add(content)
        window.object.on(.deleteEvent, target: self, action: MessagesWindow.closeRequested)
        window.object.present()
    }

    /// The window's own actions (`win.*`): Ctrl+W, as every window.
    static var actions: [ActionEntry<MessagesWindow>] {
        [ActionEntry("close", ["<Primary>w"], MessagesWindow.close)]
    }

    /// `win.close` (Ctrl+W), as the title bar's close button.
    func close() { window.object.close() }

    /// Gives the pane back (it outlives this window) and tells the owner, who lets go of this.
    private func closeRequested() -> Bool {
        release()
        onClosed?()
        return true  // the owner's release destroys the window
    }

    /// Takes the pane out of the window (its view keeps it alive).
    func release() {
        guard content.parent != nil else { return }
        window.object.remove(content)
    }

    isolated deinit { release() }
}
