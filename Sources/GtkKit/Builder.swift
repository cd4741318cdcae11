import CGtk
import Glibc

/// The text of a file in the GResource bundle (e.g. `/io/github/triad/Triad/data/list.txt`), or
/// nil if there is none. The bundle is in the binary: the bytes are not copied until decoded.
public func resourceText(_ path: String) -> String? {
    guard let bytes = g_resources_lookup_data(path, G_RESOURCE_LOOKUP_FLAGS_NONE, nil) else { return nil }
    defer { g_bytes_unref(bytes) }
    var size = 0
    guard let data = g_bytes_get_data(bytes, &size) else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
}

/// A failure to load a `.ui` description; a programming error, reported with GTK's message.
public struct BuilderError: Error, CustomStringConvertible {
    public let description: String
}

/// Loads widgets from a GtkBuilder `.ui` file compiled into the GResource bundle.
///
/// The builder owns every object it created until it is released, so a view keeps its
/// `UIDescription` for as long as it uses the widgets.
@MainActor
public final class UIDescription {
    private let builder: Owned<GtkBuilder>
    public let resourcePath: String

    /// - Parameters:
    ///   - resourcePath: e.g. `/io/github/triad/Triad/ui/adder.ui`.
    ///   - objects: the top-level objects to build now, with their children (all if nil); the
    ///     file's others wait for `build(_:)`, for parts a view seldom shows.
    public init(resource resourcePath: String, only objects: [String]? = nil) throws(BuilderError) {
        self.resourcePath = resourcePath
        builder = Owned(gtk_builder_new())
        try add(objects)
        StartupPhases.mark("builder \(resourcePath.split(separator: "/").last ?? "")")
    }

    /// Builds top-level objects of the file that `init(resource:only:)` left out. Building one
    /// twice is a bug (GtkBuilder refuses a duplicate id).
    public func build(_ objects: [String]) throws(BuilderError) {
        try add(objects)
    }

    /// Whether the object with `id` has been built.
    public func has(_ id: String) -> Bool { gtk_builder_get_object(builder.pointer, id) != nil }

    private func add(_ objects: [String]?) throws(BuilderError) {
        var error: UnsafeMutablePointer<GError>?
        let added: guint
        if let objects {
            // A NULL-terminated array of C strings, alive for the call.
            var names = objects.map { strdup($0) } + [nil]
            defer { names.forEach { free($0) } }
            added = names.withUnsafeMutableBufferPointer { buffer in
                gtk_builder_add_objects_from_resource(builder.pointer, resourcePath, buffer.baseAddress, &error)
            }
        } else {
            added = gtk_builder_add_from_resource(builder.pointer, resourcePath, &error)
        }
        if added == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw BuilderError(description: "\(resourcePath): \(message)")
        }
    }

    /// The object with `id`, viewed as `T` (e.g. `GtkEntry`). A missing id is a bug in the `.ui`
    /// file and stops the program with the id in the message.
    public func get<T>(_ id: String, as _: T.Type = T.self) -> UnsafeMutablePointer<T> {
        guard let object = gtk_builder_get_object(builder.pointer, id) else {
            fatalError("\(resourcePath) has no object with id \"\(id)\"")
        }
        return object.cast()
    }

    /// Shorthand for `get(id, as: GtkWidget.self)`.
    public func widget(_ id: String) -> WidgetPointer { get(id) }

    /// Gives the widgets with these ids their accessible names. They are set here rather than in
    /// the `.ui` file, where GtkBuilder would make each accessible object while parsing, before
    /// the window's first frame (AccessibleNames.swift).
    public func setAccessibleNames(_ names: KeyValuePairs<String, String>) {
        for (id, name) in names { widget(id).setAccessibleName(name) }
    }
}
