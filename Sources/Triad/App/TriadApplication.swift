import CGtk
import Glibc
import GtkKit
import TriadModel

/// The GtkApplication: single instance (a second launch activates the first one, which raises its
/// window), application-wide actions and accelerators, and the main window's controller.
@MainActor
final class TriadApplication {
    private let application: UnsafeMutablePointer<GtkApplication>
    private let options: LaunchOptions
    private var mainWindow: MainWindowController?
    private var services: AppServices?

    init(options: LaunchOptions) {
        self.options = options
        // A benchmark run must never hand over to (or be) the running instance.
        let flags = options.quitAfterFirstFrame ? G_APPLICATION_NON_UNIQUE : G_APPLICATION_DEFAULT_FLAGS
        application = gtk_application_new(AppInfo.id, flags)
        g_set_application_name(AppInfo.name)
        gtk_window_set_default_icon_name(AppInfo.id)

        application.on(.startup, target: self, action: TriadApplication.startup)
        application.on(.activate, target: self, action: TriadApplication.activate)
        application.on(.shutdown, target: self, action: TriadApplication.shutdown)
    }

    /// Runs the main loop until the last window closes; returns the exit status.
    func run() -> Int32 {
        // Options were handled by LaunchOptions; GApplication only sees the program name.
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments[0]), nil]
        defer { free(argv[0]) }
        let status = g_application_run(application.cast(), 1, &argv)
        g_object_unref(application)
        return status
    }

    private func startup() {
        loadStyle()
        LifetimeReport.installIfRequested()
        StallReport.startIfRequested()
        // The app's icon travels in the resource bundle, so it shows even when not installed.
        gtk_icon_theme_add_resource_path(gtk_icon_theme_get_default(), "\(AppInfo.resourceBase)/icons")
        services = AppServices.open()
        install(Self.actions, into: application, owner: self)
        // Every table's shortcuts (AppActions.swift, WindowActions.swift), set once.
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

    /// First launch: create the window. Later launches (forwarded over D-Bus): raise it.
    private func activate() {
        if let mainWindow {
            mainWindow.present()
            return
        }
        guard let services else { return }
        let controller = MainWindowController(application: application, services: services,
                                              pages: FeatureCatalog.pages, firstPage: options.page)
        mainWindow = controller
        if options.quitAfterFirstFrame { controller.quitAfterFirstFrame() }
        controller.present()
    }

    private func shutdown() { services?.close() }

    /// `app.quit` (Ctrl+Q).
    func quit() {
        // Goes through the window's close request so unsaved edits are asked about.
        if let mainWindow { mainWindow.requestClose() } else { g_application_quit(application.cast()) }
    }

    private func loadStyle() {
        guard let provider = gtk_css_provider_new() else { return }
        gtk_css_provider_load_from_resource(provider, "\(AppInfo.resourceBase)/style.css")
        gtk_style_context_add_provider_for_screen(gdk_screen_get_default(), OpaquePointer(provider),
                                                  guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
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
