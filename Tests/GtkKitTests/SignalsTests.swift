import CGtk
import Dispatch
import XCTest
@testable import GtkKit

/// Signals.swift: handlers fire on real emissions, and their closures are freed with the connection.
final class SignalsTests: DisplayTestCase {
    func testHandlerFiresOnRealEmission() {
        MainActor.assumeIsolated {
            let button = gtk_button_new_with_label("Press")!
            g_object_ref_sink(button)
            var clicks = 0
            button.on(.clicked) { clicks += 1 }
            gtk_button_clicked(button.cast())
            gtk_button_clicked(button.cast())
            XCTAssertEqual(clicks, 2)
            gtk_widget_destroy(button)
            g_object_unref(button)
        }
    }

    func testArgumentAndBooleanVariants() {
        MainActor.assumeIsolated {
            let label = gtk_label_new("a")!
            g_object_ref_sink(label)
            var notified: [String] = []
            label.on(.notify("label")) { notified.append("label") }
            label.on(.notify("selectable")) { notified.append("selectable") }
            gtk_label_set_text(label.cast(), "b")
            XCTAssertEqual(notified, ["label"])

            // delete-event: the handler's return value decides whether the window stays.
            let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
            var asked = 0
            window.on(.deleteEvent) { asked += 1; return true }
            gtk_widget_realize(window)
            let event = gdk_event_new(GDK_DELETE)!
            event.pointee.any.window = gtk_widget_get_window(window)
            g_object_ref(UnsafeMutableRawPointer(event.pointee.any.window))  // gdk_event_free unrefs it
            let stopped = gtk_widget_event(window, event)
            gdk_event_free(event)
            XCTAssertEqual(asked, 1)
            XCTAssertEqual(stopped, 1, "returning true must stop the close")
            gtk_widget_destroy(window)
            gtk_widget_destroy(label)
            g_object_unref(label)
        }
    }

    func testDisconnectStopsHandlerAndFreesClosure() {
        MainActor.assumeIsolated {
            let button = gtk_button_new()!
            g_object_ref_sink(button)
            let before = ClosureBoxes.live
            var clicks = 0
            let connection = button.on(.clicked) { clicks += 1 }
            XCTAssertEqual(ClosureBoxes.live, before + 1)
            gtk_button_clicked(button.cast())
            connection.disconnect()
            gtk_button_clicked(button.cast())
            XCTAssertEqual(clicks, 1)
            XCTAssertEqual(ClosureBoxes.live, before, "disconnecting must release the closure")
            connection.disconnect()  // twice is harmless
            gtk_widget_destroy(button)
            g_object_unref(button)
        }
    }

    func testClosuresAreFreedWhenWidgetDies() {
        MainActor.assumeIsolated {
            final class Witness {}
            weak var weakWitness: Witness?
            let before = ClosureBoxes.live
            do {
                let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
                let entry = gtk_entry_new()!
                gtk_container_add(window.cast(), entry)
                let witness = Witness()
                weakWitness = witness
                for _ in 0..<10 { entry.on(.changed) { _ = witness } }
                window.on(.destroy) {}
                XCTAssertEqual(ClosureBoxes.live, before + 11)
                gtk_widget_destroy(window)
            }
            XCTAssertEqual(ClosureBoxes.live, before, "destroying the window must free every closure")
            XCTAssertNil(weakWitness, "captured objects must be released with the closures")
        }
    }
}
