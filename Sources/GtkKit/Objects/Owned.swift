import CGtk

/// An object Swift owns: one reference, dropped in `deinit`, so the object lives exactly as long
/// as this (or longer, if GTK holds references of its own).
///
/// For what Swift creates and must release: a file chooser, an action group, a window or dialog
/// Swift opens. `Owned(window:)` also destroys the window when released, closing it however its
/// owner let go of it. Widgets inside windows need none: their parent owns them (Handles.swift).
@MainActor
public final class Owned<T: ObjectHandle> {
    /// The object owned.
    public let object: T
    private let destroysWindow: Bool

    /// Takes over a reference the caller owns (a constructor's "transfer full" result) and sinks
    /// a floating one, so in both cases this holds exactly one reference.
    public init(_ object: T) {
        self.object = object
        destroysWindow = false
        if g_object_is_floating(object.gobject) != 0 { g_object_ref_sink(object.gobject) }
    }

    /// A toplevel window (or dialog), from a builder or made in code: GTK's list of toplevels
    /// keeps it, so this adds its own reference and, when released, destroys the window (if
    /// nobody did yet) and drops that reference.
    public init(window: T) where T: WindowProtocol {
        object = window
        destroysWindow = true
        g_object_ref_sink(window.gobject)
    }

    // The object may have been destroyed already (a window its user closed): this reference keeps
    // it in memory, so it is reached unchecked, to destroy it (which a destroyed widget ignores)
    // and let go.
    isolated deinit {
        if destroysWindow { gtk_widget_destroy(object.pointer.referenced()) }
        g_object_unref(object.pointer.referenced(GObject.self))
    }
}

/// Keeps a widget alive while it is out of every container (moved from one window to another).
/// Balanced by `release`.
@MainActor public func retain(_ widget: some WidgetProtocol) { g_object_ref(widget.gobject) }

/// Drops the reference `retain` took, whether or not the widget has been destroyed meanwhile (the
/// reference kept it in memory).
@MainActor public func release(_ widget: some WidgetProtocol) { g_object_unref(widget.pointer.referenced(GObject.self)) }

/// How many references an object has now: for the tests that prove handles own nothing.
@MainActor public func referenceCount(of object: some ObjectHandle) -> Int {
    Int(object.gobject.pointee.ref_count)
}
