import CGtk
import GtkKit
import Glibc
import Synchronization
import TriadModel

/// Where the pane shows beside the pages: the main window's view.
@MainActor
protocol MessagesHost: AnyObject {
    var window: UnsafeMutablePointer<GtkWindow> { get }
    /// Shows or hides `pane` beside the pages (packing it there if it has no parent).
    func setMessagesPane(_ pane: WidgetPointer, shown: Bool)
    /// Takes `pane` out, to put it in its own window.
    func removeMessagesPane(_ pane: WidgetPointer)
}

/// The Messages pane's controller: records while the pane is open (MessageLog, and GtkKit's
/// target-action trace), hands the rows to its view, exports them, and puts the pane beside the
/// pages or in its own window. Closing the pane stops the recording and forgets every message.
@MainActor
final class MessagesController {
    let view: MessagesView
    private weak var host: MessagesHost?
    private var separateWindow: MessagesWindow?
    private(set) var isShown = false
    private let refreshQueued = RefreshFlag()

    init(host: MessagesHost) {
        self.host = host
        view = MessagesView()
        view.onDetach = weakly(self, MessagesController.detach)
        view.onClear = weakly(self, MessagesController.clear)
        view.onCopy = weakly(self, MessagesController.copyAsMermaid)
        view.onExport = weakly(self, MessagesController.export)
    }

    /// F9 and the main menu: open the pane beside the pages, or close it wherever it is.
    func toggle() {
        if isShown { close() } else { showBesidePages() }
    }

    private func showBesidePages() {
        view.setDetached(false)
        host?.setMessagesPane(view.root, shown: true)
        isShown = true
        start()
    }

    /// The pane's own-window button: the same pane, still recording, in a window of its own.
    private func detach() {
        guard isShown, separateWindow == nil, let host else { return }
        host.setMessagesPane(view.root, shown: false)
        host.removeMessagesPane(view.root)
        let separate = MessagesWindow(content: view.root, application: gtk_window_get_application(host.window))
        separate.onClosed = weakly(self, MessagesController.close)
        separateWindow = separate
        view.setDetached(true)
    }

    /// Closes the pane wherever it is; recording stops and the rows are forgotten.
    private func close() {
        guard isShown else { return }
        isShown = false
        stop()
        if let separate = separateWindow {
            separate.release()
            separateWindow = nil  // its window is destroyed with it
        } else {
            host?.setMessagesPane(view.root, shown: false)
        }
    }

    /// Recording on: GtkKit's target-action and table layers report to the log, and the log
    /// finds a receiving method's line in the sources compiled into the app.
    private func start() {
        SignalTrace.watcher = { signal, target, file, line in
            guard !(target is MessagesView) else { return }  // the pane's own buttons are not the lesson
            let type = Self.lessonType(of: target)
            let method = Self.reference(after: "action: ", at: "\(file)", line: Int(line)).map { ".\($0)()" } ?? ""
            MessageLog.shared.record(.view, Self.role(of: type), .targetAction, "\(signal) → \(type)\(method)", file: file, line: line)
        }
        BindingTrace.watcher = { target, value, file, line in
            let property = Self.reference(after: "\\.", at: "\(file)", line: Int(line)) ?? "value"
            MessageLog.shared.record(.view, Self.role(of: Self.lessonType(of: target)), .binding, "\(property) = \"\(value)\"",
                                     file: file, line: line)
        }
        DataSourceTrace.watcher = { row, rows, dataSource in
            MessageLog.shared.recordRowQuestion(row, of: rows, receiver: Self.lessonType(of: dataSource), member: "cells(forRow:)")
        }
        let queued = refreshQueued
        MessageLog.shared.start(locate: { SourceIndex.shared.locate(type: $0, member: $1) }) { [weak self] in
            // Many messages can arrive in one burst (a scroll): one refresh per main-loop turn.
            guard queued.claim() else { return }
            MainLoop.hop { [weak self] in
                queued.release()
                self?.refresh()
            }
        }
        refresh()
    }

    /// Recording off, and every row forgotten.
    private func stop() {
        SignalTrace.watcher = nil
        BindingTrace.watcher = nil
        DataSourceTrace.watcher = nil
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

    /// A target-action's receiver, by its kind: a view wires its widgets to itself, a controller
    /// its view's widgets to itself.
    private static func role(of type: Any.Type) -> MessageRole {
        let name = String(describing: type)
        if name.hasSuffix("ViewModel") { return .viewModel }
        if name.hasSuffix("View") || name == "Table" { return .view }
        if name.hasSuffix("Presenter") { return .presenter }
        return .controller
    }

    /// The lesson's class of an object: the app builds its pages from recording subclasses
    /// (Messages/Recording/), and the pane names the class they record for.
    static func lessonType(of object: AnyObject) -> Any.Type {
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror, String(describing: current.subjectType).hasPrefix("Recording") {
            mirror = current.superclassMirror
        }
        return mirror?.subjectType ?? type(of: object)
    }

    /// The name a line of code gives after `marker`: the method a target-action connection names
    /// (`action: AddressViewController.save` gives "save"), or the property a binding writes
    /// (`\.first` gives "first"), read from the line that made the connection.
    private static func reference(after marker: String, at file: String, line: Int) -> String? {
        let lines = SourceIndex.shared.lines(ofFileID: file)
        guard line >= 1, line <= lines.count, let offset = lines[line - 1].utf8Offset(of: marker) else { return nil }
        let rest = String(decoding: lines[line - 1].utf8.dropFirst(offset + marker.utf8.count), as: UTF8.self)
        let reference = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        return reference.split(separator: ".").last.map(String.init)
    }
}

/// Whether a refresh is already queued on the main loop (set from the recording thread).
private final class RefreshFlag: Sendable {
    private let queued = Atomic<Bool>(false)
    func claim() -> Bool { queued.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged }
    func release() { queued.store(false, ordering: .releasing) }
}
