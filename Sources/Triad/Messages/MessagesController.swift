import CGtk
import GtkKit
import Glibc
import Synchronization
import TriadModel

/// The Messages pane's controller: records while the pane is open (MessageLog, and GtkKit's
/// target-action trace), hands the rows to its view, and exports them. Closing the pane stops
/// the recording and forgets every message.
@MainActor
final class MessagesController {
    let view: MessagesView
    private let refreshQueued = RefreshFlag()

    init() throws(BuilderError) {
        view = try MessagesView()
        view.onClear = weakly(self, MessagesController.clear)
        view.onCopy = weakly(self, MessagesController.copyAsMermaid)
        view.onExport = weakly(self, MessagesController.export)
    }

    /// The pane opened: start recording.
    func start() {
        SignalTrace.watcher = { signal, target, file, line in
            guard !(target is MessagesView) else { return }  // the pane's own buttons are not the lesson
            MessageLog.shared.record(.view, Self.role(of: target), .targetAction, "\(signal) → \(type(of: target))", file: file, line: line)
        }
        let queued = refreshQueued
        MessageLog.shared.start { [weak self] in
            // Many messages can arrive in one burst (a scroll): one refresh per main-loop turn.
            guard queued.claim() else { return }
            MainLoop.hop { [weak self] in
                queued.release()
                self?.refresh()
            }
        }
        refresh()
    }

    /// The pane closed: stop recording and forget.
    func stop() {
        SignalTrace.watcher = nil
        MessageLog.shared.stop()
        view.show([])
    }

    private func refresh() { view.show(MessageLog.shared.messages) }

    private func clear() {
        MessageLog.shared.clear()
        refresh()
    }

    private func copyAsMermaid() {
        let text = MessageExport.mermaid(MessageLog.shared.messages)
        gtk_clipboard_set_text(gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD")), text, -1)
        view.setStatus(L("Copied as a Mermaid sequence diagram."))
    }

    /// Saves the rows: as plain text to a `.txt` file, else as a Mermaid diagram.
    private func export(to path: String) {
        let messages = MessageLog.shared.messages
        let text = path.lowercased().hasSuffix(".txt") ? MessageExport.plainText(messages) : MessageExport.mermaid(messages)
        var error: UnsafeMutablePointer<GError>?
        if g_file_set_contents(path, text, -1, &error) != 0 {
            view.setStatus(L("Saved to {path}.").filling(["path": path]))
        } else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? ""
            g_clear_error(&error)
            view.setStatus(L("The messages could not be saved: {reason}").filling(["reason": reason]))
        }
    }

    /// A target-action's receiver, by its kind: views wire their widgets to themselves.
    private static func role(of target: AnyObject) -> MessageRole {
        let name = String(describing: type(of: target))
        if name.hasSuffix("View") || name.hasSuffix("List") { return .view }
        if name.hasSuffix("Presenter") { return .presenter }
        return .controller
    }
}

/// Whether a refresh is already queued on the main loop (set from the recording thread).
private final class RefreshFlag: Sendable {
    private let queued = Atomic<Bool>(false)
    func claim() -> Bool { queued.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged }
    func release() { queued.store(false, ordering: .releasing) }
}
