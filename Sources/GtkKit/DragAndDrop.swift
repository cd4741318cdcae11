import CGtk

// Files dropped on a widget (from Files, a desktop, another app): GTK's drag-and-drop with the
// `text/uri-list` target. In the flatpak the paths come through the document portal.

private typealias Dropped = @MainActor ([String]) -> Void

private let dataReceived:
    @convention(c) (
        UnsafeMutableRawPointer?, OpaquePointer?, Int32, Int32, OpaquePointer?,
        UInt32, UInt32, UnsafeMutableRawPointer?
    ) -> Void = { _, _, _, _, selection, _, _, data in
        let box = ClosureBox<Dropped>.from(data)
        var paths: [String] = []
        if let selection, let uris = gtk_selection_data_get_uris(selection) {
            var index = 0
            while let uri = uris[index] {
                if let path = g_filename_from_uri(uri, nil, nil) {  // nil for a non-file URI (http:…)
                    paths.append(String(cString: path))
                    g_free(path)
                }
                index += 1
            }
            g_strfreev(uris)
        }
        let dropped = paths
        MainActor.assumeIsolated { box.function(dropped) }
    }

/// Makes `widget` accept dropped files; `handler` gets their paths (local files only; empty when
/// only links that are not files were dropped).
@MainActor @discardableResult
public func acceptFileDrops(on widget: some WidgetProtocol, _ handler: @escaping @MainActor ([String]) -> Void) -> SignalConnection {
    gtk_drag_dest_set(widget.gtkWidget, GTK_DEST_DEFAULT_ALL, nil, 0, GDK_ACTION_COPY)
    gtk_drag_dest_add_uri_targets(widget.gtkWidget)
    let pointer = ClosureBox<Dropped>(handler).retainedPointer()
    let id = g_signal_connect_data(
        widget.pointer.raw, "drag-data-received", unsafeBitCast(dataReceived, to: GCallback.self),
        pointer, { data, _ in ClosureBoxBase.release(data) }, GConnectFlags(0))
    return SignalConnection(instance: widget.pointer.raw, handlerID: id)
}

/// The content type of a file as the shared MIME database tells it from its name and its first
/// bytes (`text/csv`, `application/json`…), or nil when the file cannot be read.
public func contentType(ofFile path: String) -> String? {
    let file = g_file_new_for_path(path)
    defer { g_object_unref(UnsafeMutableRawPointer(file)) }
    guard let info = g_file_query_info(file, "standard::content-type", G_FILE_QUERY_INFO_NONE, nil, nil) else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(info)) }
    return g_file_info_get_content_type(info).map { String(cString: $0) }
}

/// Whether `type` is `ancestor` or a kind of it (`text/csv` is a kind of `text/plain`).
public func contentType(_ type: String, isA ancestor: String) -> Bool {
    g_content_type_is_a(type, ancestor) != 0 || g_content_type_is_mime_type(type, ancestor) != 0
}
