import CGtk
import XCTest

@testable import GtkKit

/// Scale.swift: a vertical slider as a chart's bar. A person's move is heard before the slider
/// moves (and kept from moving); the program's value and an assistive technology's are not moves.
final class ScaleTests: DisplayTestCase {
    /// Records each move, and keeps the slider where it is (as the chart's bars do) or not.
    @MainActor final class Moves {
        var seen: [RangeChange] = []
        var keep = true
        func changed(_ change: RangeChange) -> Bool {
            seen.append(change)
            return keep
        }
    }

    /// A shown window with a vertical scale over 0…100 (step 1, page 10) at `value`, focused.
    @MainActor private static func shownScale(value: Double) -> (Owned<Window>, Scale) {
        let window = Owned(window: Window(title: "Bars", width: 80, height: 300))
        let scale = Scale(vertical: true, lower: 0, upper: 100, step: 1, page: 10)
        scale.digits = 0
        scale.value = value
        window.object.add(scale)
        window.object.showAll()
        scale.grabFocus()
        MainLoop.drain(timeoutSeconds: 0.2)
        return (window, scale)
    }

    func testPropertiesReachGTK() {
        MainActor.assumeIsolated {
            let scale = Owned(Scale(vertical: true, lower: 0, upper: 25, step: 1, page: 10))
            let range = scale.object.pointer.raw.assumingMemoryBound(to: GtkRange.self)
            XCTAssertEqual(gtk_orientable_get_orientation(OpaquePointer(range)), GTK_ORIENTATION_VERTICAL)
            XCTAssertEqual(gtk_range_get_inverted(range), 1, "a vertical bar grows upwards")
            XCTAssertEqual(scale.object.bounds, 0...25)
            scale.object.hasOrigin = true
            XCTAssertEqual(gtk_scale_get_has_origin(scale.object.pointer.raw.assumingMemoryBound(to: GtkScale.self)), 1)
            scale.object.drawsValue = false
            XCTAssertFalse(scale.object.drawsValue)
            scale.object.digits = 0
            XCTAssertEqual(gtk_range_get_round_digits(range), 0, "the pointer's values are whole")
            scale.object.value = 40
            XCTAssertEqual(scale.object.value, 25, "brought inside the bounds")
            scale.object.bounds = 0...100
            scale.object.value = 40
            XCTAssertEqual(scale.object.value, 40)
            let adjustment = gtk_range_get_adjustment(range)
            XCTAssertEqual(gtk_adjustment_get_step_increment(adjustment), 1)
            XCTAssertEqual(gtk_adjustment_get_page_increment(adjustment), 10)
        }
    }

    func testKeysAreMovesByAStepOrAPageHeardBeforeTheSliderMoves() {
        MainActor.assumeIsolated {
            let (window, scale) = Self.shownScale(value: 50)
            _ = window
            let moves = Moves()
            scale.on(.changeValue, target: moves, action: Moves.changed)
            pressBound(GDK_KEY_Up, on: scale)
            pressBound(GDK_KEY_Page_Up, on: scale)
            pressBound(GDK_KEY_Down, on: scale)
            pressBound(GDK_KEY_Page_Down, on: scale)
            XCTAssertEqual(moves.seen, [.stepped(1), .paged(1), .stepped(-1), .paged(-1)], "up is more on a bar")
            XCTAssertEqual(scale.value, 50, "kept where it was: the handler sets the value")
            moves.keep = false
            pressBound(GDK_KEY_Up, on: scale)
            XCTAssertEqual(scale.value, 51, "let go, the slider moves itself")
        }
    }

    func testAStepAtTheTopStillSaysWhichWay() {
        MainActor.assumeIsolated {
            let (window, scale) = Self.shownScale(value: 100)
            _ = window
            let moves = Moves()
            scale.on(.changeValue, target: moves, action: Moves.changed)
            pressBound(GDK_KEY_Up, on: scale)
            pressBound(GDK_KEY_Page_Up, on: scale)
            XCTAssertEqual(moves.seen, [.stepped(1), .paged(1)])
        }
    }

    /// The program's value and an assistive technology's (AtkValue, as AT-SPI sets it) change the
    /// value without `.changeValue`; the program's is a view update the watcher hears of.
    func testTheProgramsAndAScreenReadersValuesAreNoMoves() {
        MainActor.assumeIsolated {
            final class Listener: Watcher {
                var updated: [Widget] = []
                func widgetUpdated(_ widget: Widget) { updated.append(widget) }
            }
            let (window, scale) = Self.shownScale(value: 10)
            _ = window
            let moves = Moves()
            scale.on(.changeValue, target: moves, action: Moves.changed)
            var changes = 0
            scale.on(.valueChanged) { changes += 1 }
            let listener = Listener()
            Watching.add(listener)
            scale.value = 20
            Watching.remove(listener)
            XCTAssertEqual(listener.updated, [scale.widget])
            let accessible = gtk_widget_get_accessible(scale.pointer.raw.assumingMemoryBound(to: GtkWidget.self))
            atk_value_set_value(OpaquePointer(accessible), 30)
            XCTAssertEqual(scale.value, 30)
            XCTAssertEqual(changes, 2)
            XCTAssertEqual(moves.seen, [], "neither is a person's move")
        }
    }

    func testScrollTypesBecomeMoves() {
        func change(_ scroll: GtkScrollType, _ value: Double, from current: Double) -> RangeChange {
            MainActor.assumeIsolated { Scale.change(scroll: Int32(bitPattern: scroll.rawValue), value: value, current: current) }
        }
        XCTAssertEqual(change(GTK_SCROLL_STEP_FORWARD, 11, from: 10), .stepped(1))
        XCTAssertEqual(change(GTK_SCROLL_PAGE_BACKWARD, 0, from: 5), .paged(-1))
        XCTAssertEqual(change(GTK_SCROLL_STEP_UP, 9, from: 10), .stepped(-1))
        XCTAssertEqual(change(GTK_SCROLL_PAGE_DOWN, 20, from: 10), .paged(1))
        XCTAssertEqual(change(GTK_SCROLL_JUMP, 42, from: 10), .moved(to: 42))
        XCTAssertEqual(change(GTK_SCROLL_END, 100, from: 10), .moved(to: 100))
    }
}

/// Presses a key on `widget` as the display server sends it, with the key's hardware code: GTK's
/// key bindings (a slider's arrows and Page keys) are found by it, not by the key symbol alone.
@MainActor
private func pressBound(_ keyval: Int32, on widget: some WidgetProtocol) {
    let raw = widget.pointer.raw.assumingMemoryBound(to: GtkWidget.self)
    var keys: UnsafeMutablePointer<GdkKeymapKey>?
    var count: gint = 0
    let keymap = gdk_keymap_get_for_display(gtk_widget_get_display(raw))
    guard gdk_keymap_get_entries_for_keyval(keymap, guint(keyval), &keys, &count) != 0, let keys else {
        return XCTFail("no key types \(keyval) on this display")
    }
    defer { g_free(keys) }
    let event = gdk_event_new(GDK_KEY_PRESS)!
    event.pointee.key.keyval = guint(keyval)
    event.pointee.key.hardware_keycode = guint16(keys.pointee.keycode)
    event.pointee.key.group = guint8(keys.pointee.group)
    event.pointee.key.window = gtk_widget_get_window(raw)
    g_object_ref(UnsafeMutableRawPointer(event.pointee.key.window))  // gdk_event_free unrefs it
    gdk_event_set_device(event, gdk_seat_get_keyboard(gdk_display_get_default_seat(gtk_widget_get_display(raw))))
    defer { gdk_event_free(event) }
    gtk_widget_event(raw, event)
}
