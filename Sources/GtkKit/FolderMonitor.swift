import CGtk

/// Watches the files of one folder (not of its subfolders): `changed` gets the path of a file
/// written, made, removed or renamed there, on the main loop, for as long as the monitor is kept.
/// An editor's save often comes as several events (a temporary file, then a rename); the caller
/// decides what to make of each.
@MainActor
public final class FolderMonitor {
    private let monitor: UnsafeMutablePointer<GFileMonitor>
    private let handlerID: gulong

    /// Starts watching `folder`; nil when it cannot be watched (no such folder).
    public init?(folder: String, changed: @escaping @MainActor (String) -> Void) {
        let file = g_file_new_for_path(folder)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil) else { return nil }
        self.monitor = monitor
        let box = ClosureBox<@MainActor (String) -> Void>(changed).retainedPointer()
        handlerID = g_signal_connect_data(
            UnsafeMutableRawPointer(monitor), "changed", unsafeBitCast(fileChanged, to: GCallback.self), box, releaseBox, GConnectFlags(0))
    }

    isolated deinit {
        g_signal_handler_disconnect(UnsafeMutableRawPointer(monitor), handlerID)
        g_file_monitor_cancel(monitor)
        g_object_unref(UnsafeMutableRawPointer(monitor))
    }
}

/// GFileMonitor's "changed": the monitor, the file, the other file of a move, the event.
private let fileChanged:
    @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, UnsafeMutableRawPointer?) -> Void = {
        _, file, other, _, data in
        let box = ClosureBox<@MainActor (String) -> Void>.from(data)
        // A move names the file it came from and the one it became (an editor's save is often a
        // temporary file renamed over the real one): the second is the one changed.
        guard let changed = (other ?? file).flatMap(g_file_get_path) else { return }
        defer { g_free(changed) }
        let path = String(cString: changed)
        MainActor.assumeIsolated { box.function(path) }
    }

/// The paths of the files under `folder`, at any depth, whose names end in `suffix`, sorted.
public func files(under folder: String, endingIn suffix: String) -> [String] {
    var found: [String] = []
    guard let directory = g_dir_open(folder, 0, nil) else { return [] }
    defer { g_dir_close(directory) }
    while let name = g_dir_read_name(directory).map({ String(cString: $0) }) {
        let path = "\(folder)/\(name)"
        if g_file_test(path, G_FILE_TEST_IS_DIR) != 0 {
            found += files(under: path, endingIn: suffix)
        } else if name.hasSuffix(suffix) {
            found.append(path)
        }
    }
    return found.sorted()
}
