import GtkKit
import TriadModel

/// The main window's controller: it builds each feature page the first time it is shown, asks
/// the visible page before leaving it or closing, and answers the window's actions
/// (MainWindowActions.swift).
@MainActor
final class MainWindowController: PageHost {
    private let view: MainWindowView
    let services: AppServices
    let entries: [PageEntry]
    private var controllers: [String: PageController] = [:]
    private(set) var shownPage: String?
    private var switchingBack = false
    private var noteEdited: ObservationToken?
    private let state: WindowState
    private(set) var messages: MessagesController?
    private var shortcuts: Builder?
    private var sourceWindow: SourceWindow?
    /// The classic mistakes the learner has switched on: none at every start, never stored.
    private(set) var mistakes = ChosenMistakes()
    private lazy var mistakesMenu = makeMistakesMenu()
    private var mistakeBar: MistakeBar?

    var window: ApplicationWindow { view.window }

    /// `services` is asked for once the window's frame is built: the app opens its store on a
    /// worker thread meanwhile (AppServices.startOpening).
    init(application: Application, pages: [PageEntry], firstPage: String? = nil, services: () -> AppServices) {
        view = MainWindowView()
        self.services = services()
        entries = pages
        view.window.application = application
        state = WindowState(window: view.window.asWindow)
        for entry in pages { view.addPage(name: entry.name, title: entry.title) }
        view.window.install(Self.actions(pages: pages), owner: self)
        view.stack.on(.notify("visible-child-name"), target: self, action: MainWindowController.visiblePageChanged)
        view.window.on(.deleteEvent, target: self, action: MainWindowController.closeRequested)
        // The page asked for on the command line, else the one shown when Triad was last closed.
        if let first = firstPage ?? state.page, pages.contains(where: { $0.name == first }) {
            view.show(page: first)
        }
        visiblePageChanged()
        if let notice = self.services.startupNotice { showNotice(notice) }
        // Seed 004's other channel: a notification, posted by the model, heard by the window.
        noteEdited = self.services.hub.listen(.noteChanged) { [weak self] in
            self?.view.setSubtitle(L("Note edited"))
        }
    }

    func present() { window.present() }

    /// `win.close` (Ctrl+W), and Ctrl+Q: closes the window the same way its close button does.
    func requestClose() { window.close() }

    /// `win.page-NAME` (Alt+N): go to a page; the shown page is asked first, as for a click.
    func showPage(named name: String) { view.show(page: name) }

    func showNotice(_ text: String) { view.showNotice(text) }

    /// `win.show-messages` (F9, and the main menu): shows or hides the Messages pane; it records
    /// only while shown.
    func toggleMessages() {
        let pane = messages ?? MessagesController(host: view, pages: self)
        messages = pane
        pane.toggle()
    }

    /// `win.show-source` (Ctrl+U, and the main menu): the shown page's source files, in a window
    /// of their own.
    func showSource() {
        guard let name = shownPage, let entry = entries.first(where: { $0.name == name }) else { return }
        let source = sourceWindow ?? SourceWindow(application: window.application)
        source.onClosed = { [weak self] in self?.sourceWindow = nil }
        sourceWindow = source
        source.show(page: name, title: entry.title)
    }

    /// `win.show-help-overlay` (Ctrl+?, and the main menu): the shortcuts window, built the first
    /// time it is asked for and then kept as the window's help overlay.
    func showShortcuts() {
        let builder = shortcuts ?? Builder(resource: AppInfo.ui("ShortcutsWindow.ui"))
        let overlay: Window = builder.object("help_overlay")
        if shortcuts == nil {
            window.setHelpOverlay(overlay)
            shortcuts = builder
        }
        overlay.show()
    }

    /// `win.show-primary-menu` (F10): opens the header bar's main menu.
    func showPrimaryMenu() { view.showPrimaryMenu() }

    /// `win.find` (Ctrl+F): the search is the user list's, so go there (asking the shown page
    /// first, as a click does) and put the cursor in it.
    func find() {
        showPage(named: "users")
        if shownPage == "users" { controllers["users"]?.startSearch() }
    }

    /// `win.undo` (Ctrl+Z, and the header bar's Undo): the shown page's model takes its last step
    /// back.
    func undo() { shownUndoing?.undo() }

    /// `win.redo` (Ctrl+Shift+Z, and the header bar's Redo).
    func redo() { shownUndoing?.redo() }

    private var shownUndoing: Undoing? { shownPage.flatMap { controllers[$0] }?.undoing }

    /// Shows Undo and Redo while the shown page keeps a history, each enabled while it has a
    /// step, with the step's name as its tooltip.
    private func undoStateChanged() {
        let undoing = shownUndoing
        window.setEnabled("undo", undoing?.canUndo ?? false)
        window.setEnabled("redo", undoing?.canRedo ?? false)
        view.showUndo(undoing.map { (undo: $0.undoTitle, redo: $0.redoTitle) })
    }

    // MARK: PageHost (what the Messages pane reads)

    func page(named name: String) -> PageController? { controllers[name] }

    /// The pages built so far, in the sidebar's order.
    var builtPages: [(name: String, title: String, page: PageController)] {
        entries.compactMap { entry in controllers[entry.name].map { (entry.name, entry.title, $0) } }
    }

    // MARK: Pages

    private func visiblePageChanged() {
        guard !switchingBack, let name = view.visiblePage else { return }
        if let previous = shownPage, previous != name, let controller = controllers[previous],
            !controller.pageShouldClose(proceed: { [weak self] in self?.leave(previous, for: name) })
        {
            show(page: previous)  // stay until the user has answered
            return
        }
        leave(shownPage, for: name)
    }

    /// Shows `name`; the page `left` is made again the next time it is shown if a mistake the
    /// learner chose shows only then (a count kept in a controller that starts again).
    private func leave(_ left: String?, for name: String) {
        if let left, left != name, mistakes.on(page: left).contains(where: \.madeAgainOnReturn) {
            controllers[left] = nil
            view.removeContent(ofPage: left)
        }
        show(page: name)
    }

    private func show(page name: String) {
        switchingBack = true
        view.show(page: name)
        switchingBack = false
        shownPage = name
        state.page = name
        guard let entry = entries.first(where: { $0.name == name }) else { return }
        let controller = controllers[name] ?? build(entry)
        for (other, page) in controllers where other != name { page.undoing?.undoStateChanged = nil }
        controller.undoing?.undoStateChanged = weakly(self, MainWindowController.undoStateChanged)
        undoStateChanged()
        view.setSubtitle(entry.title)
        controller.defaultButton?.grabDefault()
        controller.pageDidAppear()
        messages?.pageShown(name)
        showMistakes(of: entry)
    }

    /// Makes the shown page again from its lesson's classes, its `.ui` files read anew (`make
    /// dev`, after one is saved): as a restart would show it, without one; with `mistakes`, the
    /// learner's new choice of mistakes (the Mistakes menu). The page is asked first, as when
    /// leaving it.
    func remakeShownPage(with mistakes: ChosenMistakes? = nil) {
        guard let name = shownPage, let old = controllers[name] else { return }
        guard old.pageShouldClose(proceed: { [weak self] in self?.remakeShownPage(with: mistakes) }) else {
            if let entry = entries.first(where: { $0.name == name }) { showMistakes(of: entry) }  // not yet: as it was
            return
        }
        if let mistakes { self.mistakes = mistakes }
        controllers[name] = nil
        view.removeContent(ofPage: name)
        show(page: name)
    }

    private func build(_ entry: PageEntry) -> PageController {
        let controller = entry.make(services, window, mistakes)
        view.setContent(controller.root, ofPage: entry.name)
        controllers[entry.name] = controller
        return controller
    }

    // MARK: Mistakes

    /// The Mistakes menu: the shown page made again with the mistaken class, or the lesson's
    /// class back.
    private func setMistake(_ id: Mistake.ID, _ on: Bool) {
        // The Objects tab counts from here on, so that the mistaken class's objects are counted
        // from the first one made.
        Objects.start(pages: builtPages.map { $0.page as AnyObject })
        var chosen = mistakes
        chosen.set(id, on)
        remakeShownPage(with: chosen)
    }

    /// The bar's Switch Off: every mistake of the shown page off.
    private func switchOffShownMistakes() {
        guard let name = shownPage else { return }
        var chosen = mistakes
        for mistake in mistakes.on(page: name) { chosen.set(mistake.id, false) }
        remakeShownPage(with: chosen)
    }

    private func showMistakes(of entry: PageEntry) {
        mistakesMenu.show(page: entry.name, title: entry.title, chosen: mistakes)
        messages?.mistakesChanged()
        let shown = mistakes.on(page: entry.name)
        guard !shown.isEmpty || mistakeBar != nil else { return }  // the bar is made with the first mistake
        (mistakeBar ?? makeMistakeBar()).show(shown)
    }

    private func makeMistakesMenu() -> MistakesMenu {
        let menu = MistakesMenu(button: view.mistakesButton)
        menu.onToggle = { [weak self] id, on in self?.setMistake(id, on) }
        return menu
    }

    private func makeMistakeBar() -> MistakeBar {
        let bar = MistakeBar()
        bar.onSwitchOff = weakly(self, MainWindowController.switchOffShownMistakes)
        view.addBarAbovePages(bar.bar)
        mistakeBar = bar
        return bar
    }

    // MARK: Closing

    /// The window's *should close*: every built page must agree (each may ask the user or store
    /// something first, and then calls back; everyone is asked again, and now agrees). Returns
    /// true to keep the window open.
    private func closeRequested() -> Bool {
        messages?.endTravel()
        for (name, controller) in controllers
        where !controller.windowShouldClose(proceed: weakly(self, MainWindowController.requestClose)) {
            if name != shownPage { show(page: name) }
            return true
        }
        return false
    }
}
