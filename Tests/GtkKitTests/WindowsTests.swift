import CGtk
import XCTest

@testable import GtkKit

/// Windows.swift: a window's keys follow the widgets put into it after it is on screen.
final class WindowsTests: DisplayTestCase {
    /// A part made the first time it is shown (Triad's pages are) brings mnemonics with it. GTK
    /// looks a key press up in a table it rebuilds only when the main loop is next idle; until
    /// then Alt+R finds nothing, and `updateKeys()` rebuilds the table at once.
    func testMnemonicsOfWidgetsAddedLateAnswerOnceTheKeysAreUpdated() {
        MainActor.assumeIsolated {
            let window = Owned(window: Window(title: "Keys", width: 200, height: 100))
            let box = Box(vertical: true)
            window.object.add(box)
            window.object.showAll()
            XCTAssertFalse(altKey(GDK_KEY_r, in: window.object), "nothing in the window answers Alt+R yet")

            let button = made(gtk_button_new_with_mnemonic("_Register"), as: Button.self)
            box.add(button)
            button.show()
            XCTAssertFalse(altKey(GDK_KEY_r, in: window.object), "the table the key is looked up in is the one made before the button")

            window.object.updateKeys()
            XCTAssertTrue(altKey(GDK_KEY_r, in: window.object), "Alt+R reaches the new button")
        }
    }
}

/// Sends Alt+`keyval` to `window`'s mnemonics and accelerators, as a key press from the display
/// server reaches them, and returns whether something answered.
@MainActor
private func altKey(_ keyval: Int32, in window: Window) -> Bool {
    let widget = window.pointer.raw.assumingMemoryBound(to: GtkWidget.self)
    var keys: UnsafeMutablePointer<GdkKeymapKey>?
    var count: gint = 0
    let keymap = gdk_keymap_get_for_display(gtk_widget_get_display(widget))
    guard gdk_keymap_get_entries_for_keyval(keymap, guint(keyval), &keys, &count) != 0, let keys, count > 0 else {
        XCTFail("the display's keyboard has no key for \(keyval)")
        return false
    }
    defer { g_free(keys) }
    let event = gdk_event_new(GDK_KEY_PRESS)!
    defer { gdk_event_free(event) }
    event.pointee.key.keyval = guint(keyval)
    event.pointee.key.hardware_keycode = guint16(keys[0].keycode)
    event.pointee.key.group = guint8(keys[0].group)
    event.pointee.key.state = GDK_MOD1_MASK.rawValue
    event.pointee.key.window = gtk_widget_get_window(widget)
    g_object_ref(UnsafeMutableRawPointer(event.pointee.key.window))  // gdk_event_free unrefs it
    return gtk_window_activate_key(window.pointer.typed(), &event.pointee.key) != 0
}
