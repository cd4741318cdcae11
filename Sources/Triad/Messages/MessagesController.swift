import CGtk
import GtkKit
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

/// The Messages pane's controller: records while the pane is open (MessagesRecorder), hands the
/// rows to its view, and the selected row to the Code, State and Exercise tabs; exports the rows;
/// puts the pane beside the pages or in its own window. Closing the pane stops the recording and
/// forgets every message.
@MainActor
final class MessagesController: LearningTool {
    let view: MessagesView
    private weak var host: MessagesHost?
    /// The page shown: its name, and its controller if it is built.
    private let shownPage: () -> (name: String, controller: PageController?)?
    private let code: CodePane
    private let state: StatePane
    private let exercise: ExercisePane
    private let flash = WidgetFlash()
    private var separateWindow: MessagesWindow?
    private var exportChooser: Owned<GtkNativeDialog>?
    private(set) var isShown = false

    init(host: MessagesHost, shownPage: @escaping () -> (name: String, controller: PageController?)?) {
        self.host = host
        self.shownPage = shownPage
        view = MessagesView()
        let view = self.view
        code = CodePane(view: view, window: { [weak view] in view.flatMap { gtk_widget_get_toplevel($0.root)?.cast() } })
        state = StatePane(view: view)
        exercise = ExercisePane(view: view)
        // Target-action: the pane's buttons, filters and list, each to one method.
        view.detachButton.on(.clicked, target: self, action: MessagesController.detach)
        view.clearButton.on(.clicked, target: self, action: MessagesController.clear)
        view.copyButton.on(.clicked, target: self, action: MessagesController.copyAsMermaid)
        view.exportButton.on(.clicked, target: self, action: MessagesController.chooseExportFile)
        for filter in [view.fromFilter, view.toFilter, view.channelFilter] {
            filter.widget.on(.changed, target: self, action: MessagesController.filtersChanged)
        }
        gtk_tree_view_get_selection(view.list).on(.changed, target: self, action: MessagesController.selectionChanged)
        code.editorButton.on(.clicked, target: code, action: CodePane.openInEditor)
        exercise.nextButton.on(.clicked, target: exercise, action: ExercisePane.next)
        exercise.onChoose = weakly(self, MessagesController.clear)
    }

    /// F9 and the main menu: open the pane beside the pages, or close it wherever it is.
    func toggle() {
        if isShown { close() } else { showBesidePages() }
    }

    /// The window shows another page: the exercises follow it.
    func pageShown(_ name: String) {
        if isShown { exercise.showExercises(ofPage: name) }
    }

    private func showBesidePages() {
        view.setDetached(false)
        host?.setMessagesPane(view.root, shown: true)
        isShown = true
        MessagesRecorder.start(snapshot: { [weak self] in self?.modelState ?? [] }, changed: { [weak self] in self?.refresh() })
        flash.start(ignoringInside: view.root)
        if let page = shownPage()?.name { exercise.showExercises(ofPage: page) }
        refresh()
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
        MessagesRecorder.stop()
        flash.stop()
        view.show([])
        selectionChanged()
        if let separate = separateWindow {
            separate.release()
            separateWindow = nil  // its window is destroyed with it
        } else {
            host?.setMessagesPane(view.root, shown: false)
        }
    }

    /// What the shown page's model holds now, if it can say (read without recording the reading).
    private var modelState: [StateEntry] {
        MessageLog.shared.readingState { (shownPage()?.controller as? ModelStateReporting)?.modelState ?? [] }
    }

    private func refresh() {
        let messages = MessageLog.shared.messages
        view.show(messages)
        exercise.check(messages)
        if view.selectedIndex != nil { selectionChanged() }  // the state after the row may have come since
    }

    private func filtersChanged() { view.show(MessageLog.shared.messages, refilter: true) }

    /// A row selected: its code, and the model's state after it.
    private func selectionChanged() {
        let messages = MessageLog.shared.messages, index = view.selectedIndex
        CodeShownReport.measure(in: view.root) { code.show(index.map { messages[$0] }) }
        state.show(index, of: messages, now: modelState)
    }

    private func clear() {
        MessageLog.shared.clear()
        refresh()
        selectionChanged()
    }

    private func copyAsMermaid() {
        let text = MessageExport.mermaid(MessageLog.shared.messages)
        gtk_clipboard_set_text(gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD")), text, -1)
        view.setStatus(L("Copied as a Mermaid sequence diagram."))
    }

    private func chooseExportFile() {
        exportChooser = chooseFile(title: L("Export Messages"), action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: L("_Export"),
                                   cancel: L("_Cancel"), parent: view.root, configure: { chooser in
            gtk_file_chooser_set_do_overwrite_confirmation(chooser, 1)
            gtk_file_chooser_set_current_name(chooser, "messages.mmd")
        }, chosen: { [weak self] path in self?.export(to: path) }, answered: { [weak self] in self?.exportChooser = nil })
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
}
