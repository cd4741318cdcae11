import CGtk
import GtkKit
import XCTest

/// GtkKit's tests run against real GTK objects. They need a display (`make test` runs them under
/// Xvfb); without one they are reported as skipped, never as passed. One test file per GtkKit
/// source file, each a subclass of this.
class DisplayTestCase: XCTestCase {
    private static let hasDisplay: Bool = MainActor.assumeIsolated { gtk_init_check(nil, nil) != 0 }

    override func setUpWithError() throws {
        try XCTSkipUnless(Self.hasDisplay, "no display: run under Xvfb (make test)")
    }
}

/// A new widget as a handle (the tests make widgets in code; the app loads them from .ui files).
@MainActor
func made<T: ObjectHandle>(_ widget: UnsafeMutablePointer<GtkWidget>, as _: T.Type = T.self) -> T {
    T(unchecked: ObjectPointer(widget))
}

/// Sends a key press to `widget` as the display server would, with `modifiers` held, and returns
/// whether a handler stopped it.
@MainActor @discardableResult
func press(_ keyval: Int32, modifiers: GdkModifierType = GdkModifierType(0), on widget: some WidgetProtocol) -> Bool {
    let raw = widget.pointer.raw.assumingMemoryBound(to: GtkWidget.self)
    let event = gdk_event_new(GDK_KEY_PRESS)!
    event.pointee.key.keyval = guint(keyval)
    event.pointee.key.state = modifiers.rawValue
    event.pointee.key.window = gtk_widget_get_window(raw)
    g_object_ref(UnsafeMutableRawPointer(event.pointee.key.window))  // gdk_event_free unrefs it
    defer { gdk_event_free(event) }
    return gtk_widget_event(raw, event) != 0
}
