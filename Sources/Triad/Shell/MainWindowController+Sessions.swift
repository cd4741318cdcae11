import GtkKit
import TriadModel

// What the Messages pane's sessions ask of the window: a page by name, built or not, and the
// desktop's Open With on a session file.

extension MainWindowController {
    func hasPage(named name: String) -> Bool { entries.contains { $0.name == name } }
    func title(ofPage name: String) -> String { entries.first { $0.name == name }?.title ?? name }

    /// Opens a session file in the Messages pane (the pane opened first if need be).
    func openSession(_ path: String) {
        if messages?.isShown != true { toggleMessages() }
        messages?.openSession(path)
    }
}
