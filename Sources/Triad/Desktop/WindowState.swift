import GtkKit
import TriadResources

/// Remembers the main window's size, its maximized state and the page it showed, between runs, in
/// GSettings (Resources/io.github.triad.Triad.gschema.xml), as GNOME apps keep them: dconf on the
/// desktop, a key file inside the flatpak. The page is kept as soon as it is shown; the size when
/// the window closes (it changes at every step of a resize).
///
/// Versions before 0.2 kept the same in a key file (`window.ini`, in `$XDG_STATE_HOME` or, before
/// that, `$XDG_CONFIG_HOME`): read once, carried over, and removed.
@MainActor
final class WindowState {
    private let window: Window
    private let settings: Settings?
    private var width = 0
    private var height = 0
    private var maximized = false
    /// The page shown last (its stable name), set by the window's controller.
    var page: String? {
        didSet { if page != oldValue { settings?.setString("last-page", page ?? "") } }
    }

    static var earlierPaths: [String] {
        ["\(UserFolders.state)/\(AppInfo.id)/window.ini", "\(UserFolders.config)/\(AppInfo.id)/window.ini"]
    }

    init(window: Window) {
        self.window = window
        settings = Settings(schema: AppInfo.id, compiledIn: String(cString: triad_built_schema_directory()))
        if settings == nil {
            // Only a broken install lacks it: the window still works, it just starts as new.
            print("triad: the settings schema \(AppInfo.id) is not installed; the window's size and last page are not kept")
        }
        carryOver()
        restore()
        window.on(.sizeAllocate, target: self, action: WindowState.sizeChanged)
        window.on(.windowStateEvent, target: self, action: WindowState.stateChanged)
        window.on(.destroy, target: self, action: WindowState.save)
    }

    private func stateChanged(_ state: WindowStateEvent) -> Bool {
        maximized = state.isMaximized
        return false
    }

    private func sizeChanged(_: Rectangle) {
        guard !maximized else { return }  // keep the size to return to when unmaximized
        (width, height) = window.size
    }

    private func restore() {
        guard let settings else { return }
        if settings.isSet("window-width") || settings.isSet("window-height") {
            window.setDefaultSize(width: settings.integer("window-width"), height: settings.integer("window-height"))
        }
        if settings.boolean("is-maximized") { window.maximize() }
        let page = settings.string("last-page")
        self.page = page.isEmpty ? nil : page
    }

    private func save() {
        guard let settings, width > 0, height > 0 else { return }
        settings.setInteger("window-width", width)
        settings.setInteger("window-height", height)
        settings.setBoolean("is-maximized", maximized)
        Settings.flush()
    }

    /// The key file of an earlier version, if there is one: its values go into the settings once
    /// (a size the schema refuses is left out), and it is removed.
    private func carryOver() {
        guard let settings, let file = Self.earlierPaths.lazy.compactMap(KeyFile.init(path:)).first else { return }
        if let width = file.integer("window", "width"), let height = file.integer("window", "height") {
            settings.setInteger("window-width", width)
            settings.setInteger("window-height", height)
        }
        if let maximized = file.boolean("window", "maximized") { settings.setBoolean("is-maximized", maximized) }
        if let page = file.value("window", "page") { settings.setString("last-page", page) }
        Settings.flush()
        for earlier in Self.earlierPaths where exists(earlier) { removeFile(earlier) }
    }
}
