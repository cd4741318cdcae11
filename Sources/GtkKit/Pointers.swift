import CGtk

// GTK's C casting macros (GTK_WIDGET(x), GTK_WINDOW(x), G_OBJECT(x)…) do not import into Swift.
// GObject structs start with their parent struct, so a pointer to any GObject can be viewed as a
// pointer to any of its ancestors (or, after a type check, descendants). These helpers do that
// reinterpretation in one audited place instead of scattering `assumingMemoryBound` around.

public typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>

extension UnsafeMutablePointer {
    /// Views this GObject pointer as another GObject struct type (the C cast macros' job).
    @inlinable public func cast<U>(to _: U.Type = U.self) -> UnsafeMutablePointer<U> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: U.self)
    }

    /// The pointer as a `GtkWidget*`, for the many functions that take one.
    @inlinable public var widget: WidgetPointer { cast() }

    /// The pointer as a `GObject*` (`G_OBJECT(x)`).
    @inlinable public var object: UnsafeMutablePointer<GObject> { cast() }

    /// The raw `gpointer`, e.g. for `g_signal_*` calls.
    @inlinable public var gpointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// `gboolean` from a Swift `Bool` (the `TRUE`/`FALSE` macros do not import).
@inlinable public func gbool(_ value: Bool) -> gboolean { value ? 1 : 0 }

/// Whether `instance` is a `type` or a subtype (`G_TYPE_CHECK_INSTANCE_TYPE`).
@inlinable public func isA<T>(_ instance: UnsafeMutablePointer<T>, _ type: GType) -> Bool {
    g_type_check_instance_is_a(instance.cast(to: GTypeInstance.self), type) != 0
}
