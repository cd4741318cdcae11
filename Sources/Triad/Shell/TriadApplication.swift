import Glibc
import GtkKit
import TriadModel

/// The application: single instance (a second launch hands its command line to the first one,
/// which shows the page asked for and raises its window), the command-line options
/// (LaunchOptions.swift), files opened with Triad (`open`: each is shown in the Users page's
/// import preview), application-wide actions and accelerators, and the main window's controller.
@MainActor
final class TriadApplication {
    private let application: Application
    private var mainWindow: MainWindowController?
    private var services: AppServices?
    /// The store, opening on a worker thread (AppServices.startOpening) until the first window
    /// takes it; a value in `openingGate` lets its open for writing go, once this is the instance
    /// that runs.
    private var opening: Pending<AppServices.OpenedStore>?
    private let openingGate = BoundedChannel<Bool>(capacity: 1)
    /// A file opened before the part of the window that imports was built; given to it then.
    private var fileToOpen: String?

    init() {
        application = Application.make(id: AppInfo.id, name: AppInfo.name)
        LaunchOptions.declare(on: application)
        application.on(.handleLocalOptions) { [weak self] options in
            guard let self else { return 1 }
            let status = LaunchOptions.handleLocally(options, application: self.application)
            // The launch goes on: fontconfig's set-up and the store's check run while GTK starts
            // (Fonts.swift, AppServices.startOpening) rather than after it.
            if status < 0 {
                Fonts.startLoading()
                self.opening = AppServices.startOpening(after: self.openingGate)
            }
            return status
        }
        application.on(.commandLine) { [weak self] commandLine in
            guard let self, let options = commandLine.options else { return 1 }
            let request = LaunchOptions.Request(options)
            self.showWindow(for: request)
            // Files on the command line (the file manager's "Open With"), found from the launching
            // process's folder, are opened as the desktop opens them: through `open`.
            self.application.open(request.files.map(commandLine.file))
            return 0
        }
        onOpenFiles(application) { [weak self] paths in self?.open(paths) }
        application.on(.startup, target: self, action: TriadApplication.startup)
        application.on(.activate, target: self, action: TriadApplication.activate)
        application.on(.shutdown, target: self, action: TriadApplication.shutdown)
    }

    /// Parses the command line and runs the main loop until the last window closes (or a launch
    /// handed over to the running instance, or asked for something answered right away);
    /// returns the exit status.
    func run() -> Int32 { application.run(arguments: CommandLine.arguments) }

    private func startup() {
        StartupPhases.mark("GTK initialized (startup)")
        Style.load()
        if opening == nil { opening = AppServices.startOpening(after: openingGate) }
        openingGate.send(true)
        application.install(Self.actions, owner: self)
        // Every table's shortcuts (Shortcuts.swift), set once.
        for (action, accelerators) in Shortcuts.all { application.setAccelerators(accelerators, for: action) }
        // SIGTERM (logout, `kill`) and Ctrl+C in a terminal: store what is pending, then quit.
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            MainLoop.onUnixSignal(signal) { [weak self] in
                guard let self else { return }
                self.services?.close()
                self.application.quit()
            }
        }
    }

    /// D-Bus activation (`org.freedesktop.Application.Activate`, e.g. after
    /// `--gapplication-service`): show the window.
    private func activate() { showWindow(for: LaunchOptions.Request()) }

    /// A launch's request, on the first launch or forwarded from a later one: create the window,
    /// or show the page asked for in the existing one and raise it.
    private func showWindow(for request: LaunchOptions.Request) {
        if let mainWindow {
            if let page = request.page { mainWindow.showPage(named: page) }
            mainWindow.present()
            return
        }
        // The window's frame is built while the store opens; its first page waits for the store.
        let controller = MainWindowController(
            application: application, pages: FeatureCatalog.pages,
            firstPage: request.page, services: { [unowned self] in self.openedServices() })
        mainWindow = controller
        onActionAdded(to: controller.window) { [weak self, weak controller] name in
            guard name == "import-file", let self, let controller, let path = self.fileToOpen else { return }
            self.fileToOpen = nil
            activatePathAction(name, of: controller.window, path: path)
        }
        StartupPhases.mark("window and first page built")
        Diagnostics.watch(
            controller.window.asWindow, quitAfterFirstFrame: request.quitAfterFirstFrame, page: request.page,
            services: openedServices(), remakePage: { [weak controller] in controller?.remakeShownPage() })
        controller.present()
        StartupPhases.mark("window presented")
    }

    /// `open`: files to import, shown one at a time in the Users page's import preview (the
    /// first of several, as when they are dropped on the page).
    private func open(_ paths: [String]) {
        guard let path = paths.first else { return }
        // A session is travelled through in the Messages pane, on the page it was recorded on.
        if path.hasSuffix(".\(MessageSession.fileExtension)") {
            showWindow(for: LaunchOptions.Request())
            mainWindow?.openSession(path)
            return
        }
        showWindow(for: LaunchOptions.Request(page: "users"))
        guard let window = mainWindow?.window, !activatePathAction("import-file", of: window, path: path) else { return }
        // The Users page is built once it is shown, which the page shown may hold back (unsaved
        // edits): the file waits for the page's action.
        fileToOpen = path
    }

    /// The model objects, made from the store being opened (waiting for it if need be).
    private func openedServices() -> AppServices {
        if let services { return services }
        guard let opening = opening.take() else {
            preconditionFailure("the store's opening starts before any window (startup at the latest)")
        }
        let made = AppServices(opening: opening)
        services = made
        return made
    }

    private func shutdown() { services?.close() }

    /// `app.quit` (Ctrl+Q).
    func quit() {
        // Goes through the window's close request so unsaved edits are asked about.
        if let mainWindow { mainWindow.requestClose() } else { application.quit() }
    }

    /// `app.about`.
    func showAbout() {
        GtkKit.showAbout(
            over: application.activeWindow, name: AppInfo.name, version: AppInfo.version, iconName: AppInfo.id,
            comments: L("Model–View–Controller and Model–View–Presenter, made real on the Linux desktop."),
            copyright: "© 2026 The Triad authors", translators: L("translator-credits"))
    }
}
