import CGtk

/// Accessible names given while a window is built, held back until it has drawn its first frame.
///
/// GTK makes a widget's accessible object (ATK) the first time anything asks for it, and naming
/// a widget asks for it. With the accessibility bus running (every GNOME session, and `make
/// bench`), each accessible made before the window is shown also takes part in showing it.
/// Naming the nine widgets of the main window and the adder page in their `.ui` files
/// (`<child internal-child="accessible">`) cost about 5 % of the start (#16, docs/BENCHMARKS.md).
/// So the views name their widgets in Swift (`setAccessibleName`), and from `hold()` until the
/// window's first frame the names wait; then all are given together, once the main loop has
/// nothing else to do. A screen reader that reads the window during those milliseconds hears
/// the visible labels (each field is labelled by its mnemonic label). Widgets built later (a
/// page first opened, a dialog) are named at once.
@MainActor
public enum AccessibleNames {
    /// Names waiting for the first frame, each widget with a reference of its own; nil when none
    /// are held back.
    private static var held: [(widget: WidgetPointer, name: String)]?
    private static var firstDraw: SignalConnection?

    /// From now on, `setAccessibleName` holds names back, until `releaseAfterFirstFrame(of:)`'s
    /// window has drawn its first frame (or `release()`).
    public static func hold() {
        if held == nil { held = [] }
    }

    /// Gives the held names once `window` has drawn its first frame and the main loop has nothing
    /// else waiting (`MainLoop.whenIdle`).
    public static func releaseAfterFirstFrame(of window: WidgetPointer) {
        guard held != nil, firstDraw == nil else { return }
        firstDraw = window.on(.draw, after: true) { _ in
            firstDraw?.disconnect()
            MainLoop.whenIdle { release() }
            return false
        }
    }

    /// Whether names are being held back now.
    public static var areHeld: Bool { held != nil }

    /// Names `widget` now, or once the window being built has drawn its first frame.
    static func give(_ name: String, to widget: WidgetPointer) {
        if held != nil {
            g_object_ref(widget.gpointer)
            held?.append((widget, name))
        } else {
            atk_object_set_name(gtk_widget_get_accessible(widget), name)
        }
    }

    /// Gives every held name, in the order they were set, and stops holding.
    public static func release() {
        guard let names = held else { return }
        held = nil
        firstDraw?.disconnect()
        firstDraw = nil
        for (widget, name) in names {
            atk_object_set_name(gtk_widget_get_accessible(widget), name)
            g_object_unref(widget.gpointer)
        }
    }
}
