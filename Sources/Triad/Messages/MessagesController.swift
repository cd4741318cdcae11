import GtkKit
import TriadModel

/// Where the pane shows beside the pages: the main window's view.
@MainActor
protocol MessagesHost: AnyObject {
    var window: ApplicationWindow { get }
    /// Shows or hides `pane` beside the pages (packing it there if it has no parent).
    func setMessagesPane(_ pane: Widget, shown: Bool)
    /// Takes `pane` out, to put it in its own window.
    func removeMessagesPane(_ pane: Widget)
}

/// What the pane needs of the window: the page shown, a page by name, and the app's model objects.
@MainActor
protocol PageHost: AnyObject {
    var shownPage: String? { get }
    var services: AppServices { get }
    func page(named name: String) -> PageController?
    /// The pages built so far, in the sidebar's order (the Objects tab starts from them).
    var builtPages: [(name: String, title: String, page: PageController)] { get }
    /// The classic mistakes the learner has switched on.
    var mistakes: ChosenMistakes { get }
    /// Shows the page `name`, as the sidebar does (the page shown may hold it back).
    func showPage(named name: String)
    /// Whether the window has a page called `name`, built or not.
    func hasPage(named name: String) -> Bool
    /// The page's title in the sidebar.
    func title(ofPage name: String) -> String
}

/// The Messages pane's controller: records while the pane is open (MessagesRecorder), hands the
/// rows to its view, and the selected row to the Code, State and Exercise tabs; exports the rows;
/// puts the pane beside the pages or in its own window. Closing the pane stops the recording and
/// forgets every message.
@MainActor
final class MessagesController: LearningTool {
    let view: MessagesView
    private weak var host: MessagesHost?
    private weak var pages: PageHost?
    private let recorder: MessagesRecorder
    private let code: CodePane
    private let state: StatePane
    private let exercise: ExercisePane
    private let comparison: MistakeComparison
    private let objects: ObjectsPane
    private let travel: TravelControls
    private let sessions: SessionController
    private let copyTest: CopyAsTest
    private let flash = WidgetFlash()
    private var separateWindow: MessagesWindow?
    private var exportChooser: Owned<FileChooser>?
    private(set) var isShown = false

    init(host: MessagesHost, pages: PageHost) {
        self.host = host
        self.pages = pages
        view = MessagesView()
        let view = self.view
        recorder = MessagesRecorder(flash: flash)
        code = CodePane(view: view)
        state = StatePane(view: view)
        exercise = ExercisePane(view: view)
        comparison = MistakeComparison(view: view)
        objects = ObjectsPane(view: view, pages: pages)
        travel = TravelControls(view: view, pages: pages)
        sessions = SessionController(view: view, travel: travel, pages: pages)
        copyTest = CopyAsTest(view: view, pages: pages)
        // Target-action: the pane's buttons, filters and list, each to one method.
        view.detachButton.on(.clicked, target: self, action: MessagesController.detach)
        view.clearButton.on(.clicked, target: self, action: MessagesController.clear)
        view.copyButton.on(.clicked, target: self, action: MessagesController.copyAsMermaid)
        view.exportButton.on(.clicked, target: self, action: MessagesController.chooseExportFile)
        for filter in [view.fromFilter, view.toFilter, view.channelFilter] {
            filter.on(.changed, target: self, action: MessagesController.filtersChanged)
        }
        view.list.selection.on(.changed, target: self, action: MessagesController.selectionChanged)
        code.editorButton.on(.clicked, target: code, action: CodePane.openInEditor)
        exercise.nextButton.on(.clicked, target: exercise, action: ExercisePane.next)
        exercise.onChoose = weakly(self, MessagesController.clear)
        travel.moved = weakly(self, MessagesController.refresh)
    }

    /// F9 and the main menu: open the pane beside the pages, or close it wherever it is.
    func toggle() {
        if isShown { close() } else { showBesidePages() }
    }

    /// The window shows another page: the page left comes back to the present, and the
    /// exercises follow the new one.
    func pageShown(_ name: String) {
        guard isShown else { return }
        travel.backToNow()
        travel.update()
        copyTest.update()
        exercise.showExercises(ofPage: name)
    }

    /// The learner switched a mistake on or off, or the page shown has others: the Code tab
    /// compares the mistaken class with the lesson's.
    func mistakesChanged() {
        guard isShown, let pages else { return }
        comparison.show(pages.shownPage.flatMap { pages.mistakes.on(page: $0).first })
        objects.refresh()
    }

    private func showBesidePages() {
        view.setDetached(false)
        host?.setMessagesPane(view.root, shown: true)
        isShown = true
        recorder.start(
            snapshot: { [weak self] in self?.modelState ?? [] }, moment: { [weak self] in self?.modelMoment },
            changed: { [weak self] in self?.refresh() })
        travel.start()
        flash.start(ignoringInside: view.root)
        if let page = pages?.shownPage { exercise.showExercises(ofPage: page) }
        objects.start()
        mistakesChanged()
        refresh()
    }

    /// The pane's own-window button: the same pane, still recording, in a window of its own.
    private func detach() {
        guard isShown, separateWindow == nil, let host else { return }
        host.setMessagesPane(view.root, shown: false)
        host.removeMessagesPane(view.root)
        let separate = MessagesWindow(content: view.root, application: host.window.application)
        separate.onClosed = weakly(self, MessagesController.close)
        separateWindow = separate
        view.setDetached(true)
    }

    /// Closes the pane wherever it is; recording stops and the rows are forgotten.
    private func close() {
        guard isShown else { return }
        isShown = false
        travel.stop()
        recorder.stop()
        flash.stop()
        objects.stop()
        view.show([])
        listed = nil
        selectionChanged()
        if let separate = separateWindow {
            separate.release()
            separateWindow = nil  // its window is destroyed with it
        } else {
            host?.setMessagesPane(view.root, shown: false)
        }
    }

    /// What the shown page's model holds now (read without recording the reading).
    private var modelState: [StateEntry] {
        guard let pages, let shown = pages.shownPage else { return [] }
        let page = pages.page(named: shown) as? ShowsModelState
        return MessageLog.shared.readingState { page?.modelState(services: pages.services) ?? [] }
    }

    /// The shown page's models now, in a form they can be set back to (read without recording).
    private var modelMoment: PageMoment? {
        guard let pages, let shown = pages.shownPage, let page = pages.page(named: shown) as? TravelsInTime, page.travels else {
            return nil
        }
        return MessageLog.shared.readingState { page.moment(services: pages.services) }
    }

    /// Opens the session file at `path` in the pane (opening it first): the desktop's Open With.
    func openSession(_ path: String) {
        if !isShown { showBesidePages() }
        sessions.open(path)
    }

    /// The window is about to close: a page in the past comes back to now first, so that its
    /// last save is the present's.
    func endTravel() { travel.backToNow() }

    /// What the list's rows were last made from: the log's serial and the row marked skipped.
    /// The same again means the same rows, of which a move through time changes only the dimming.
    private struct ListedRows: Equatable {
        let serial: Int
        let skipped: Int?
    }
    private var listed: ListedRows?

    private func refresh() {
        let (messages, serial) = MessageLog.shared.messagesAndSerial
        let rows = ListedRows(serial: serial, skipped: travel.travel.skippedID)
        if rows == listed {
            view.dim { [travel] in travel.isLater(id: $0) }
        } else {
            view.show(travel.marked(messages), dimmed: { [travel] in travel.isLater(id: $0) })
            listed = rows
        }
        // An opened session is someone else's recording, no answer to the exercise.
        if travel.openedSession == nil { exercise.check(messages, travelled: travel.travelled) }
        travel.messagesCame()
        travel.update()
        copyTest.update()
        if view.selectedIndex != nil { selectionChanged() }  // the state after the row may have come since
    }

    private func filtersChanged() {
        let (messages, serial) = MessageLog.shared.messagesAndSerial
        view.show(travel.marked(messages), refilter: true, dimmed: { [travel] in travel.isLater(id: $0) })
        listed = ListedRows(serial: serial, skipped: travel.travel.skippedID)
    }

    /// A row selected: its code, and the model's state after it.
    private func selectionChanged() {
        let messages = MessageLog.shared.messages
        let index = view.selectedIndex.flatMap { messages.indices.contains($0) ? $0 : nil }
        CodeShownReport.measure(in: view.root) { code.show(index.map { messages[$0] }) }
        state.show(index, of: messages, now: modelState)
        travel.update()
    }

    private func clear() {
        travel.backToNow()
        MessageLog.shared.clear()
        refresh()
        selectionChanged()
    }

    private func copyAsMermaid() {
        Clipboard.setText(MessageExport.mermaid(MessageLog.shared.messages))
        view.setStatus(L("Copied as a Mermaid sequence diagram."))
    }

    private func chooseExportFile() {
        exportChooser = chooseFile(
            .save, title: L("Export Messages"), accept: L("_Export"), cancel: L("_Cancel"), over: view.root,
            suggestedName: "messages.mmd",
            chosen: { [weak self] path in self?.export(to: path) }, answered: { [weak self] in self?.exportChooser = nil })
    }

    /// Saves the rows: as plain text to a `.txt` file, else as a Mermaid diagram.
    private func export(to path: String) {
        let messages = MessageLog.shared.messages
        let text = path.lowercased().hasSuffix(".txt") ? MessageExport.plainText(messages) : MessageExport.mermaid(messages)
        do {
            try writeFile(path, text)
            view.setStatus(L("Saved to {path}.").filling(["path": path]))
        } catch {
            view.setStatus(L("The messages could not be saved: {reason}").filling(["reason": error.message]))
        }
    }
}
