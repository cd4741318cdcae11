import CGtk
import Glibc

// Files and the desktop's handling of them: writing a whole file, asking whether one is there,
// opening one in the desktop's default program, and the clipboard.

/// Why a file could not be written or opened, in GLib's words.
public struct FileError: Error, Equatable {
    /// The reason, as GLib or the system words it.
    public let message: String
}

/// Writes `text` to `path` (a new file in the folder, then renamed over the old one: a crash
/// never leaves half a file).
public func writeFile(_ path: String, _ text: String) throws(FileError) {
    var error: UnsafeMutablePointer<GError>?
    if g_file_set_contents(path, text, -1, &error) == 0 { throw FileError(message: takeMessage(&error)) }
}

/// The whole of the file at `path` (a file of /proc too, whose size is not known beforehand), or
/// nil when it cannot be read.
public func readFile(_ path: String) -> [UInt8]? {
    var contents: UnsafeMutablePointer<gchar>?
    var length = 0
    guard g_file_get_contents(path, &contents, &length, nil) != 0, let contents else { return nil }
    defer { g_free(contents) }
    return contents.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
}

/// Why `path` cannot be read, in the system's words ("No such file or directory"), or nil when
/// it can.
public func whyUnreadable(_ path: String) -> String? {
    access(path, R_OK) == 0 ? nil : String(cString: strerror(errno))
}

/// Whether `path` is a regular file.
public func isFile(_ path: String) -> Bool { g_file_test(path, G_FILE_TEST_IS_REGULAR) != 0 }

/// Whether anything (a file, a folder) is at `path`.
public func exists(_ path: String) -> Bool { g_file_test(path, G_FILE_TEST_EXISTS) != 0 }

/// Removes the file at `path`, if there is one.
public func removeFile(_ path: String) { unlink(path) }

/// The person's folders, as the XDG base directory specification and GLib name them.
public enum UserFolders {
    /// For state an app keeps between runs (`$XDG_STATE_HOME`, else `~/.local/state`).
    public static var state: String { String(cString: g_get_user_state_dir()) }
    /// For settings (`$XDG_CONFIG_HOME`, else `~/.config`).
    public static var config: String { String(cString: g_get_user_config_dir()) }
}

/// Opens `path` in the desktop's default program for it (through the portal in the flatpak),
/// over `window`.
@MainActor
public func openInDefaultProgram(_ path: String, over window: Window?) throws(FileError) {
    var error: UnsafeMutablePointer<GError>?
    guard let uri = g_filename_to_uri(path, nil, &error) else { throw FileError(message: takeMessage(&error)) }
    defer { g_free(uri) }
    if gtk_show_uri_on_window(window?.gtkWindow, uri, guint32(GDK_CURRENT_TIME), &error) == 0 {
        throw FileError(message: takeMessage(&error))
    }
}

/// The desktop's clipboard (Ctrl+C, Ctrl+V).
@MainActor
public enum Clipboard {
    /// Puts `text` on the clipboard, for Ctrl+V in any program.
    public static func setText(_ text: String) {
        gtk_clipboard_set_text(gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD")), text, -1)
    }

    /// Asks for the clipboard's text; `received` gets it (nil when it holds no text) once the
    /// program that copied it answered, on the main loop.
    public static func requestText(_ received: @escaping @MainActor (String?) -> Void) {
        typealias Handler = @MainActor (String?) -> Void
        let box = ClosureBox<Handler>(received).retainedPointer()
        gtk_clipboard_request_text(
            gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD")),
            { _, text, data in
                let box = ClosureBox<Handler>.from(data)
                let text = text.map { String(cString: $0) }
                MainActor.assumeIsolated { box.function(text) }
                ClosureBoxBase.release(data)
            }, box)
    }
}

/// The running program, as the system sees it.
public enum Program {
    /// The installation prefix of a program installed as `<prefix>/bin/NAME` (`/usr`, `/app`,
    /// `/usr/local`), where its data is under `<prefix>/share`; nil for one run from elsewhere (a
    /// build folder).
    public static var installPrefix: String? {
        guard let link = g_file_read_link("/proc/self/exe", nil) else { return nil }
        defer { g_free(link) }
        let executable = String(cString: link)
        guard let slash = executable.lastIndex(of: "/") else { return nil }
        let folder = executable[..<slash]
        return folder.hasSuffix("/bin") ? String(folder.dropLast(4)) : nil
    }

    /// The bytes the program's heap holds for it now (glibc's `mallinfo2`: its arenas' blocks in
    /// use and its own mappings): what it allocated and has not freed, which the resident size
    /// hides when freed memory is reused.
    public static var heapBytesInUse: Int {
        let heap = mallinfo2()
        return Int(heap.uordblks + heap.hblkhd)
    }
}
