import CGtk
import Dispatch
import XCTest

@testable import GtkKit

/// Connecting.swift: handlers fire on real emissions, and their closures are freed with the connection.
final class SignalsTests: DisplayTestCase {
    func testHandlerFiresOnRealEmission() {
        MainActor.assumeIsolated {
            let button = Owned<Button>(made(gtk_button_new_with_label("Press")))
            var clicks = 0
            button.object.on(.clicked) { clicks += 1 }
            gtk_button_clicked(button.object.pointer.raw.assumingMemoryBound(to: GtkButton.self))
            gtk_button_clicked(button.object.pointer.raw.assumingMemoryBound(to: GtkButton.self))
            XCTAssertEqual(clicks, 2)
        }
    }

    func testArgumentAndBooleanVariants() {
        MainActor.assumeIsolated {
            let label = Owned(Label("a"))
            var notified: [String] = []
            label.object.on(.notify("label")) { notified.append("label") }
            label.object.on(.notify("selectable")) { notified.append("selectable") }
            label.object.text = "b"
            XCTAssertEqual(notified, ["label"])

            // delete-event: the handler's return value decides whether the window stays.
            let window = Window(title: "Close", width: 100, height: 100)
            var asked = 0
            window.on(.deleteEvent) {
                asked += 1
                return true
            }
            let raw = window.pointer.raw.assumingMemoryBound(to: GtkWidget.self)
            gtk_widget_realize(raw)
            let event = gdk_event_new(GDK_DELETE)!
            event.pointee.any.window = gtk_widget_get_window(raw)
            g_object_ref(UnsafeMutableRawPointer(event.pointee.any.window))  // gdk_event_free unrefs it
            let stopped = gtk_widget_event(raw, event)
            gdk_event_free(event)
            XCTAssertEqual(asked, 1)
            XCTAssertEqual(stopped, 1, "returning true must stop the close")
            window.destroy()
        }
    }

    func testDisconnectStopsHandlerAndFreesClosure() {
        MainActor.assumeIsolated {
            let button = Owned<Button>(made(gtk_button_new()))
            let before = ClosureBoxes.live
            var clicks = 0
            let connection = button.object.on(.clicked) { clicks += 1 }
            XCTAssertEqual(ClosureBoxes.live, before + 1)
            gtk_button_clicked(button.object.pointer.raw.assumingMemoryBound(to: GtkButton.self))
            connection.disconnect()
            gtk_button_clicked(button.object.pointer.raw.assumingMemoryBound(to: GtkButton.self))
            XCTAssertEqual(clicks, 1)
            XCTAssertEqual(ClosureBoxes.live, before, "disconnecting must release the closure")
            connection.disconnect()  // twice is harmless
        }
    }

    func testClosuresAreFreedWhenWidgetDies() {
        MainActor.assumeIsolated {
            final class Witness {}
            weak var weakWitness: Witness?
            let before = ClosureBoxes.live
            do {
                let window = Window(title: "Witness", width: 100, height: 100)
                let entry: Entry = made(gtk_entry_new())
                window.add(entry)
                let witness = Witness()
                weakWitness = witness
                for _ in 0..<10 { entry.on(.changed) { _ = witness } }
                window.on(.destroy) {}
                XCTAssertEqual(ClosureBoxes.live, before + 11)
                window.destroy()
            }
            XCTAssertEqual(ClosureBoxes.live, before, "destroying the window must free every closure")
            XCTAssertNil(weakWitness, "captured objects must be released with the closures")
        }
    }
}
