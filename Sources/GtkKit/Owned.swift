import CGtk

/// A GObject reference that Swift owns: `g_object_unref` runs in `deinit`, so the object lives
/// exactly as long as this wrapper (or longer, if GTK holds references of its own).
///
/// Use it for what Swift creates and must release: a `GtkBuilder`, a native file chooser, a tree
/// model, a GtkApplication. Widgets inside windows are owned by their parent and windows by GTK's
/// list of toplevels; for a window Swift opens, `Owned(window:)` also destroys it in `deinit`.
@MainActor
public final class Owned<T> {
    public let pointer: UnsafeMutablePointer<T>
    private let destroysWindow: Bool

    /// Takes over a reference the caller owns (a constructor's "transfer full" result) and sinks
    /// a floating one, so in both cases this wrapper holds exactly one reference.
    public init(_ pointer: UnsafeMutablePointer<T>) {
        self.pointer = pointer
        destroysWindow = false
        if g_object_is_floating(pointer.gpointer) != 0 { g_object_ref_sink(pointer.gpointer) }
    }

    /// For an opaque pointer (the way GLib's interfaces import, e.g. `GtkFileChooserNative*`).
    public convenience init(_ pointer: OpaquePointer) {
        self.init(UnsafeMutablePointer<T>(pointer))
    }

    /// A toplevel window: GTK's list of toplevels owns it, so this wrapper adds its own reference
    /// and, when released, destroys the window (if nobody did yet) and drops that reference.
    public init(window pointer: UnsafeMutablePointer<T>) {
        self.pointer = pointer
        destroysWindow = true
        g_object_ref_sink(pointer.gpointer)
    }

    isolated deinit {
        if destroysWindow { gtk_widget_destroy(pointer.widget) }  // a destroyed widget ignores this
        g_object_unref(pointer.gpointer)
    }

    /// The pointer as the opaque type some GIO/GTK interface functions take.
    public var opaque: OpaquePointer { OpaquePointer(pointer) }
}
