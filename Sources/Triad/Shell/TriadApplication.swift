import CGtk
import Glibc
import GtkKit
import TriadModel

/// The GtkApplication: single instance (a second launch hands its command line to the first one,
/// which shows the page asked for and raises its window), the command-line options
/// (LaunchOptions.swift), files opened with Triad (`open`: each is shown in the Users page's
/// import preview), application-wide actions and accelerators, and the main window's controller.
@MainActor
final class TriadApplication {
    private let application: UnsafeMutablePointer<GtkApplication>
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
        application = gtk_application_new(AppInfo.id, GApplicationFlags(G_APPLICATION_HANDLES_COMMAND_LINE.rawValue
                                                                         | G_APPLICATION_HANDLES_OPEN.rawValue))
        g_set_application_name(AppInfo.name)
        gtk_window_set_default_icon_name(AppInfo.id)
        LaunchOptions.declare(on: application.cast())

        application.on(.handleLocalOptions) { [weak self] (options: UnsafeMutablePointer<GVariantDict>) -> Int32 in
            guard let self else { return 1 }
            let status = LaunchOptions.handleLocally(options, application: self.application.cast())
            // The launch goes on: fontconfig's set-up and the store's check run while GTK starts
            // (Fonts.swift, AppServices.startOpening) rather than after it.
            if status < 0 {
                Fonts.startLoading()
                self.opening = AppServices.startOpening(after: self.openingGate)
            }
            return status
        }
        application.on(.commandLine) { [weak self] (line: UnsafeMutablePointer<GApplicationCommandLine>) -> Int32 in
            guard let self, let options = g_application_command_line_get_options_dict(line) else { return 1 }
            let request = LaunchOptions.Request(options)
            self.showWindow(for: request)
            // Files on the command line (the file manager's "Open With"), found from the launching
            // process's folder, are opened as the desktop opens them: through `open`.
            var files = request.files.map { g_application_command_line_create_file_for_arg(line, $0) }
            if !files.isEmpty { g_application_open(self.application.cast(), &files, Int32(files.count), "") }
            for file in files { g_object_unref(UnsafeMutableRawPointer(file)) }
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
    func run() -> Int32 {
        var argv = CommandLine.arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = g_application_run(application.cast(), Int32(argv.count - 1), &argv)
        g_object_unref(application)
        return status
    }

    private func startup() {
        StartupPhases.mark("GTK initialized (startup)")
        Style.load()
        ColorScheme.follow()
        LifetimeReport.installIfRequested()
        StallReport.startIfRequested()
        if opening == nil { opening = AppServices.startOpening(after: openingGate) }
        openingGate.send(true)
        install(Self.actions, into: application, owner: self)
        // Every table's shortcuts (Shortcuts.swift), set once.
        for (action, accelerators) in Shortcuts.all { setAccelerators(application, action, accelerators) }
        // SIGTERM (logout, `kill`) and Ctrl+C in a terminal: store what is pending, then quit.
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            MainLoop.onUnixSignal(signal) { [weak self] in
                guard let self else { return }
                self.services?.close()
                g_application_quit(self.application.cast())
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
        let controller = MainWindowController(application: application, pages: FeatureCatalog.pages,
                                              firstPage: request.page, services: { [unowned self] in self.openedServices() })
        mainWindow = controller
        onActionAdded(to: controller.window) { [weak self, weak controller] name in
            guard name == "import-file", let self, let controller, let path = self.fileToOpen else { return }
            self.fileToOpen = nil
            activatePathAction(name, of: controller.window, path: path)
        }
        StartupPhases.mark("window and first page built")
        if request.quitAfterFirstFrame {
            FirstFrameReport.quitAfterFirstFrame(of: controller.window) { [weak controller] in controller?.showsContent ?? true }
        }
        controller.present()
        StartupPhases.mark("window presented")
    }

    /// `open`: files to import, shown one at a time in the Users page's import preview (the
    /// first of several, as when they are dropped on the page).
    private func open(_ paths: [String]) {
        guard let path = paths.first else { return }
        showWindow(for: LaunchOptions.Request(page: "users"))
        guard let window = mainWindow?.window, !activatePathAction("import-file", of: window, path: path) else { return }
        // The Users page is built once it is shown, which the page shown may hold back (unsaved
        // edits): the file waits for the page's action.
        fileToOpen = path
    }

    /// The model objects, made from the store being opened (waiting for it if need be).
    private func openedServices() -> AppServices {
        if let services { return services }
        guard let opening = opening.take() else { preconditionFailure("the store's opening starts before any window (startup at the latest)") }
        let made = AppServices(opening: opening)
        services = made
        return made
    }

    private func shutdown() { services?.close() }

    /// `app.quit` (Ctrl+Q).
    func quit() {
        // Goes through the window's close request so unsaved edits are asked about.
        if let mainWindow { mainWindow.requestClose() } else { g_application_quit(application.cast()) }
    }

    /// `app.about`.
    func showAbout() {
        let dialog = gtk_about_dialog_new()!.cast(to: GtkAboutDialog.self)
        gtk_about_dialog_set_program_name(dialog, AppInfo.name)
        gtk_about_dialog_set_version(dialog, AppInfo.version)
        gtk_about_dialog_set_logo_icon_name(dialog, AppInfo.id)
        gtk_about_dialog_set_comments(dialog, L("Model–View–Controller and Model–View–Presenter, made real on the Linux desktop."))
        gtk_about_dialog_set_license_type(dialog, GTK_LICENSE_MIT_X11)
        gtk_about_dialog_set_copyright(dialog, "© 2026 The Triad authors")
        gtk_about_dialog_set_translator_credits(dialog, L("translator-credits"))
        if let window = gtk_application_get_active_window(application) {
            gtk_window_set_transient_for(dialog.cast(), window)
        }
        gtk_window_set_modal(dialog.cast(), 1)
        dialog.on(.response) { [dialog] (_: Int32) in gtk_widget_destroy(dialog.widget) }
        gtk_widget_show(dialog.widget)
    }
}
