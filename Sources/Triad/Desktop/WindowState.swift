import CGtk
import Glibc
import GtkKit

/// Remembers the main window's size, maximized state and last page between runs, in a key file
/// in the XDG state folder (`$XDG_STATE_HOME/io.github.triad.Triad/window.ini`): state, not
/// configuration, so it is not kept with settings a person would back up or share. Earlier
/// versions kept it in `$XDG_CONFIG_HOME`; that file is read once and moved over on the next save.
/// (A GSettings schema would need compiling and installing before the first run, which a
/// build-folder run lacks.)
@MainActor
final class WindowState {
    private let window: Window
    private var width = 0
    private var height = 0
    private var maximized = false
    /// The page shown last (its stable name), set by the window's controller.
    var page: String?

    static var directory: String { String(cString: g_get_user_state_dir()) + "/\(AppInfo.id)" }
    static var path: String { directory + "/window.ini" }
    /// Where versions before 0.2 kept the file.
    static var earlierPath: String { String(cString: g_get_user_config_dir()) + "/\(AppInfo.id)/window.ini" }

    init(window: Window) {
        self.window = window
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
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        guard
            g_key_file_load_from_file(file, Self.path, G_KEY_FILE_NONE, nil) != 0
                || g_key_file_load_from_file(file, Self.earlierPath, G_KEY_FILE_NONE, nil) != 0
        else { return }
        let savedWidth = g_key_file_get_integer(file, "window", "width", nil)
        let savedHeight = g_key_file_get_integer(file, "window", "height", nil)
        if savedWidth >= 360, savedHeight >= 300, savedWidth <= 16384, savedHeight <= 16384 {
            window.setDefaultSize(width: Int(savedWidth), height: Int(savedHeight))
        }
        if g_key_file_get_boolean(file, "window", "maximized", nil) != 0 { window.maximize() }
        if let name = g_key_file_get_string(file, "window", "page", nil) {
            page = String(cString: name)
            g_free(name)
        }
    }

    private func save() {
        guard width > 0, height > 0 else { return }
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        g_key_file_set_integer(file, "window", "width", gint(width))
        g_key_file_set_integer(file, "window", "height", gint(height))
        g_key_file_set_boolean(file, "window", "maximized", maximized ? 1 : 0)
        if let page { g_key_file_set_string(file, "window", "page", page) }
        g_mkdir_with_parents(Self.directory, 0o700)
        // Losing the window's state is harmless; a read-only folder must not stop quitting.
        if g_key_file_save_to_file(file, Self.path, nil) != 0 { unlink(Self.earlierPath) }
    }
}
