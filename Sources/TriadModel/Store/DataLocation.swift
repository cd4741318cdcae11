import CGLib
import Glibc

/// Where Triad keeps its data: `$TRIAD_DATA_DIR` if set (tests, portable use), else GLib's user
/// data folder (`$XDG_DATA_HOME`, else `~/.local/share`, as the XDG spec and every GNOME app read
/// it) with the app id under it. The app id is the app's to give (AppInfo.id, its one source).
public enum DataLocation {
    /// The store's file name inside that folder.
    public static let fileName = "triad.sqlite3"

    /// The data folder for the app `appID`: `explicit` (the environment's choice) when given.
    public static func directory(appID: String, explicit: String? = getenv("TRIAD_DATA_DIR").map { String(cString: $0) }) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        return String(cString: g_get_user_data_dir()) + "/\(appID)"
    }
}
