import CGtk
import GtkKit

/// Remembers the main window's size and maximized state between runs, in a key file in the XDG
/// config folder (`$XDG_CONFIG_HOME/io.github.triad.Triad/window.ini`). A GSettings schema
/// would need compiling and installing before the first run, which a build-folder run lacks.
@MainActor
final class WindowGeometry {
    private let window: UnsafeMutablePointer<GtkWindow>
    private var width: Int32 = 0
    private var height: Int32 = 0
    private var maximized = false

    static var directory: String { String(cString: g_get_user_config_dir()) + "/\(AppInfo.id)" }
    static var path: String { directory + "/window.ini" }

    init(window: UnsafeMutablePointer<GtkWindow>) {
        self.window = window
        restore()
        window.on(.sizeAllocate, target: self, action: WindowGeometry.sizeChanged)
        window.on(.windowStateEvent, target: self, action: WindowGeometry.stateChanged)
        window.on(.destroy, target: self, action: WindowGeometry.save)
    }

    private func stateChanged(_ state: UnsafeMutablePointer<GdkEventWindowState>) -> Bool {
        maximized = state.pointee.new_window_state.rawValue & GDK_WINDOW_STATE_MAXIMIZED.rawValue != 0
        return false
    }

    private func sizeChanged(_: UnsafeMutablePointer<GtkAllocation>) {
        guard !maximized else { return }  // keep the size to return to when unmaximized
        gtk_window_get_size(window, &width, &height)
    }

    private func restore() {
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        guard g_key_file_load_from_file(file, Self.path, G_KEY_FILE_NONE, nil) != 0 else { return }
        let savedWidth = g_key_file_get_integer(file, "window", "width", nil)
        let savedHeight = g_key_file_get_integer(file, "window", "height", nil)
        if savedWidth >= 360, savedHeight >= 300, savedWidth <= 16384, savedHeight <= 16384 {
            gtk_window_set_default_size(window, savedWidth, savedHeight)
        }
        if g_key_file_get_boolean(file, "window", "maximized", nil) != 0 { gtk_window_maximize(window) }
    }

    private func save() {
        guard width > 0, height > 0 else { return }
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        g_key_file_set_integer(file, "window", "width", width)
        g_key_file_set_integer(file, "window", "height", height)
        g_key_file_set_boolean(file, "window", "maximized", gbool(maximized))
        g_mkdir_with_parents(Self.directory, 0o700)
        // Losing the window size is harmless; a read-only config folder must not stop quitting.
        _ = g_key_file_save_to_file(file, Self.path, nil)
    }
}
