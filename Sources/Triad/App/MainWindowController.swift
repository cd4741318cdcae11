import CGtk
import Glibc
import GtkKit
import TriadModel

/// The main window's controller: it builds each feature page the first time it is shown, asks
/// the visible page before leaving it or closing, and answers the window's actions
/// (WindowActions.swift).
@MainActor
final class MainWindowController {
    private let view: MainWindowView
    private let services: AppServices
    private let entries: [PageEntry]
    private var controllers: [String: PageController] = [:]
    private var shownPage: String?
    private var switchingBack = false
    private var noteEdited: ObservationToken?
    private let state: WindowState
    private var messages: MessagesController?
    private var shortcuts: UIDescription?

    var window: UnsafeMutablePointer<GtkWindow> { view.window }

    /// `services` is asked for once the window's frame is built: the app opens its store on a
    /// worker thread meanwhile (AppServices.startOpening).
    init(application: UnsafeMutablePointer<GtkApplication>, pages: [PageEntry], firstPage: String? = nil,
         services: () -> AppServices) {
        // The window and its first page name their widgets after the first frame, not before
        // (AccessibleNames.swift).
        AccessibleNames.hold()
        do { view = try MainWindowView() } catch { fatalError("\(error)") }
        self.services = services()
        entries = pages
        gtk_window_set_application(view.window, application)
        StartupPhases.mark("window added to the application")
        state = WindowState(window: view.window)
        for entry in pages { view.addPage(name: entry.name, title: entry.title) }
        install(Self.actions(pages: pages), into: view.window, owner: self)
        view.onPageChanged = weakly(self, MainWindowController.visiblePageChanged)
        view.onCloseRequest = { [weak self] in self?.mayClose() ?? true }
        // The page asked for on the command line, else the one shown when Triad was last closed.
        if let first = firstPage ?? state.page, pages.contains(where: { $0.name == first }) {
            view.show(page: first)
        }
        visiblePageChanged()
        // The names wait for the first frame that shows the page's content (the user list's
        // rows come from a worker): given before it, they would hold up those rows.
        let window = view.window.widget
        if let shownPage, let controller = controllers[shownPage] {
            controller.whenContentShown { AccessibleNames.releaseAfterFirstFrame(of: window) }
        } else {
            AccessibleNames.releaseAfterFirstFrame(of: window)
        }
        if let notice = self.services.startupNotice { showNotice(notice) }
        // Seed 004's other channel: a notification, posted by the model, heard by the window.
        noteEdited = self.services.hub.listen(.noteChanged) { [weak self] in
            self?.view.setSubtitle(L("Note edited"))
        }
    }

    func present() { gtk_window_present(window) }

    /// `win.close` (Ctrl+W), and Ctrl+Q: closes the window the same way its close button does.
    func requestClose() { gtk_window_close(window) }

    /// `win.page-NAME` (Alt+N): go to a page; the shown page is asked first, as for a click.
    func showPage(named name: String) { view.show(page: name) }

    func showNotice(_ text: String) { view.showNotice(text) }

    /// `win.show-messages` (F9, and the main menu): shows or hides the Messages pane; it records
    /// only while shown.
    func toggleMessages() {
        do {
            let pane = try messages ?? MessagesController(host: view)
            messages = pane
            pane.toggle()
        } catch {
            showNotice(L("This page could not be loaded: {reason}").filling(["reason": "\(error)"]))
        }
    }

    /// `win.show-help-overlay` (Ctrl+?, and the main menu): the shortcuts window, built the first
    /// time it is asked for and then kept as the window's help overlay.
    func showShortcuts() {
        do {
            let ui = try shortcuts ?? UIDescription(resource: AppInfo.ui("ShortcutsWindow.ui"))
            let overlay: UnsafeMutablePointer<GtkShortcutsWindow> = ui.get("help_overlay")
            if shortcuts == nil {
                gtk_application_window_set_help_overlay(window.cast(), overlay)
                shortcuts = ui
            }
            gtk_widget_show(overlay.widget)
        } catch {
            showNotice(L("This page could not be loaded: {reason}").filling(["reason": "\(error)"]))
        }
    }

    /// `win.show-primary-menu` (F10): opens the header bar's main menu.
    func showPrimaryMenu() { view.showPrimaryMenu() }

    /// `win.find` (Ctrl+F): the search is the user list's, so go there (asking the shown page
    /// first, as a click does) and put the cursor in it.
    func find() {
        showPage(named: "users")
        if shownPage == "users" { controllers["users"]?.startSearch() }
    }

    /// Benchmark/smoke mode: once the first frame is drawn, print timings and quit. On the
    /// Users page, the first frame that shows rows (or the empty state) counts.
    func quitAfterFirstFrame() {
        var reported = false
        var ready = false
        let contentShown: @MainActor () -> Void = { [weak self] in
            ready = true
            if let self { gtk_widget_queue_draw(self.window.widget) }
        }
        if let shownPage, let controller = controllers[shownPage] {
            controller.whenContentShown(contentShown)
        } else {
            contentShown()
        }
        window.on(.draw, after: true) { [weak self] _ in
            guard ready, !reported else { return false }
            reported = true
            StartupPhases.mark("first frame drawn")
            // Quit from an idle callback so the frame that triggered this draw is completed.
            MainLoop.hop { [weak self] in
                FirstFrameReport.copyMemoryMapIfAsked()
                print(FirstFrameReport.line())
                fflush(nil)
                guard let self else { return }
                g_application_quit(gtk_window_get_application(self.window).cast())
            }
            return false
        }
    }

    // MARK: Pages

    private func visiblePageChanged() {
        guard !switchingBack, let name = view.visiblePage else { return }
        if let previous = shownPage, previous != name, let controller = controllers[previous] {
            let proceed = controller.pageShouldClose { [weak self] in self?.show(page: name) }
            MessageLog.shared.record(.controller, .controller, .delegateShould, "pageShouldClose → \(proceed ? "yes" : "ask")")
            if !proceed {
                show(page: previous)  // stay until the user has answered
                return
            }
        }
        show(page: name)
    }

    private func show(page name: String) {
        switchingBack = true
        view.show(page: name)
        switchingBack = false
        shownPage = name
        state.page = name
        guard let controller = controller(for: name) else { return }
        if let entry = entries.first(where: { $0.name == name }) { view.setSubtitle(entry.title) }
        if let button = controller.defaultButton { gtk_widget_grab_default(button) }
        controller.pageDidAppear()
    }

    private func controller(for name: String) -> PageController? {
        if let existing = controllers[name] { return existing }
        guard let entry = entries.first(where: { $0.name == name }) else { return nil }
        let context = PageContext(services: services, window: window.widget)
        do {
            let controller = try entry.make(context)
            view.setContent(controller.root, ofPage: name)
            controllers[name] = controller
            return controller
        } catch {
            showNotice(L("This page could not be loaded: {reason}").filling(["reason": "\(error)"]))
            return nil
        }
    }

    // MARK: Closing

    /// The window's *should close*: every built page must agree (each may ask the user or store
    /// something first, and then calls back; everyone is asked again, and now agrees).
    private func mayClose() -> Bool {
        for (name, controller) in controllers {
            let proceed = controller.windowShouldClose(proceed: weakly(self, MainWindowController.requestClose))
            MessageLog.shared.record(.controller, .controller, .delegateShould, "windowShouldClose → \(proceed ? "yes" : "ask")")
            if !proceed {
                if name != shownPage { show(page: name) }
                return false
            }
        }
        return true
    }
}
