import CGtk
import Glibc

/// Loads widgets from a GtkBuilder `.ui` file compiled into the GResource bundle, and hands them
/// out by id: the outlets of a view.
///
///     let builder = Builder(resource: "/io/github/triad/Triad/ui/AdderView.ui")
///     let addButton: WidgetPointer = builder.object("add_button")
///
/// The builder owns every object it created until it is released, so a view keeps its builder
/// for as long as it uses the widgets.
@MainActor
public final class Builder {
    private let builder: Owned<GtkBuilder>
    public let resourcePath: String

    /// Builds every object the file describes. The file is compiled into the program, so one
    /// that does not load is a bug: it stops the program with GTK's message (the real-window
    /// tests load every file).
    public init(resource resourcePath: String) {
        self.resourcePath = resourcePath
        builder = Owned(gtk_builder_new())
        var error: UnsafeMutablePointer<GError>?
        if gtk_builder_add_from_resource(builder.pointer, resourcePath, &error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            fatalError("\(resourcePath): \(message)")
        }
    }

    /// The object with `id`, viewed as `T` (e.g. `GtkEntry`). A missing id is a bug in the `.ui`
    /// file and stops the program with the id in the message.
    public func object<T>(_ id: String, as _: T.Type = T.self) -> UnsafeMutablePointer<T> {
        guard let object = gtk_builder_get_object(builder.pointer, id) else {
            fatalError("\(resourcePath) has no object with id \"\(id)\"")
        }
        return object.cast()
    }
}

/// The bytes of a file in the GResource bundle (e.g. `/io/github/triad/Triad/data/list.txt`) as
/// text, or nil if there is none. The bundle is in the binary: nothing is copied until decoded.
public func resourceText(_ path: String) -> String? {
    guard let bytes = g_resources_lookup_data(path, G_RESOURCE_LOOKUP_FLAGS_NONE, nil) else { return nil }
    defer { g_bytes_unref(bytes) }
    var size = 0
    guard let data = g_bytes_get_data(bytes, &size) else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
}

/// The names of the files and folders directly inside a folder of the GResource bundle (folders
/// end with "/"), or none.
public func resourceChildren(_ path: String) -> [String] {
    guard let names = g_resources_enumerate_children(path, G_RESOURCE_LOOKUP_FLAGS_NONE, nil) else { return [] }
    defer { g_strfreev(names) }
    var children: [String] = []
    var index = 0
    while let name = names[index] {
        children.append(String(cString: name))
        index += 1
    }
    return children
}
