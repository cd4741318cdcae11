import CGtk
import Glibc

/// Loads the widgets a GtkBuilder `.ui` file describes, from the GResource bundle, and hands
/// them out by id, typed: a view's outlets.
///
///     let builder = Builder(resource: "/io/github/triad/Triad/ui/AdderView.ui")
///     let firstEntry: Entry = builder.object("first_entry")
///
/// The builder holds a reference to every object it made until it is released, so a view keeps
/// its builder for as long as it uses the widgets (Handles.swift says what a handle may outlive).
@MainActor
public final class Builder {
    private let builder: UnsafeMutablePointer<GtkBuilder>
    /// The file's path in the bundle, for messages.
    public let resourcePath: String

    /// Files on disk read in place of files of the bundle, by their path in the bundle: a program
    /// whose `.ui` files are edited while it runs (Triad's `make dev`) points these at the source
    /// files, having checked each with `problem(loading:)`.
    public static var filesOnDisk: [String: String] = [:]

    /// Builds every object the file describes. The file is compiled into the program, so one
    /// that does not load is a bug: it stops the program with GTK's message (the real-window
    /// tests load every file).
    public init(resource resourcePath: String) {
        self.resourcePath = resourcePath
        builder = gtk_builder_new()
        var error: UnsafeMutablePointer<GError>?
        let loaded =
            if let file = Self.filesOnDisk[resourcePath] {
                gtk_builder_add_from_file(builder, file, &error)
            } else {
                gtk_builder_add_from_resource(builder, resourcePath, &error)
            }
        if loaded == 0 { fatalError("\(resourcePath): \(takeMessage(&error))") }
    }

    /// Why the `.ui` file at `path` would not load, in GTK's words, or nil when it loads.
    public static func problem(loading path: String) -> String? {
        let builder = gtk_builder_new()
        defer { g_object_unref(builder) }
        var error: UnsafeMutablePointer<GError>?
        return gtk_builder_add_from_file(builder, path, &error) == 0 ? takeMessage(&error) : nil
    }

    /// Builds the objects of a `.ui` text (tests, and dialogs GtkKit makes itself).
    public init(string text: String, name: String = "a .ui text") {
        resourcePath = name
        builder = gtk_builder_new()
        var error: UnsafeMutablePointer<GError>?
        if gtk_builder_add_from_string(builder, text, gsize.max, &error) == 0 {
            fatalError("\(name): \(takeMessage(&error))")
        }
    }

    isolated deinit { g_object_unref(builder) }

    /// The object with `id`, as a `T` (`Entry`, `Label`, …). The file is part of the program,
    /// so an id it lacks or an object of another class is a bug: it stops the program at once,
    /// when the view loads, with the file, the id and both classes in the message.
    public func object<T: ObjectHandle>(_ id: String, as _: T.Type = T.self) -> T {
        do {
            return try lookUp(id)
        } catch {
            fatalError(error.message)
        }
    }

    /// The object with `id`, as a `T`, or why not.
    public func lookUp<T: ObjectHandle>(_ id: String, as _: T.Type = T.self) throws(OutletError) -> T {
        guard let found = gtk_builder_get_object(builder, id) else {
            throw OutletError.missing(id: id, file: resourcePath, expected: T.className)
        }
        let object = Object(unchecked: ObjectPointer(found))
        guard let typed = object.as(T.self) else {
            throw OutletError.wrongClass(id: id, file: resourcePath, found: object.runtimeClassName, expected: T.className)
        }
        return typed
    }
}

/// Why an outlet could not be found in its `.ui` file.
public enum OutletError: Error, Equatable {
    /// The file has no object with that id.
    case missing(id: String, file: String, expected: String)
    /// The object with that id is of another class than the outlet's.
    case wrongClass(id: String, file: String, found: String, expected: String)

    /// The file, the id and the classes, in a sentence.
    public var message: String {
        switch self {
        case .missing(let id, let file, let expected):
            "\(file) has no object with id \"\(id)\" (a \(expected) was expected)"
        case .wrongClass(let id, let file, let found, let expected):
            "\(file): the object \"\(id)\" is a \(found), not a \(expected)"
        }
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

/// Adds the GResource bundle in the file at `path` (made by `glib-compile-resources` without
/// `--generate-source`) to the app's resources, for `resourceText` and `Builder` to read; false
/// when the file is missing or not a bundle. It stays for the life of the process.
public func registerResourceBundle(file path: String) -> Bool {
    guard let bundle = g_resource_load(path, nil) else { return false }
    g_resources_register(bundle)
    g_resource_unref(bundle)  // the registry holds its own reference
    return true
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

/// A GError's message, and the error freed.
func takeMessage(_ error: inout UnsafeMutablePointer<GError>?) -> String {
    let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    g_clear_error(&error)
    return message
}
