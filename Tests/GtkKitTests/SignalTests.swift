import CGtk
import XCTest
@testable import GtkKit

/// Signal.swift and the target-action overloads: typed arguments arrive as their Swift types,
/// targets are held weakly, and a connection outliving its object is harmless.
final class SignalTests: DisplayTestCase {
    func testResponseHandsOverTheIdAsInt32() {
        MainActor.assumeIsolated {
            let dialog = gtk_dialog_new()!
            var answers: [Int32] = []
            dialog.on(.response) { (response: Int32) in answers.append(response) }
            gtk_dialog_response(dialog.cast(), GTK_RESPONSE_CANCEL.rawValue)
            gtk_dialog_response(dialog.cast(), 42)
            XCTAssertEqual(answers, [GTK_RESPONSE_CANCEL.rawValue, 42])
            gtk_widget_destroy(dialog)
        }
    }

    func testKeyPressHandsOverTheEvent() {
        MainActor.assumeIsolated {
            let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
            gtk_widget_show(window)  // GTK drops events for a window that is not viewable
            var keys: [UInt32] = []
            window.on(.keyPressEvent) { key in keys.append(key.pointee.keyval); return true }
            let event = gdk_event_new(GDK_KEY_PRESS)!
            event.pointee.key.window = gtk_widget_get_window(window)
            g_object_ref(UnsafeMutableRawPointer(event.pointee.key.window))  // gdk_event_free unrefs it
            event.pointee.key.keyval = UInt32(GDK_KEY_Escape)
            XCTAssertEqual(gtk_widget_event(window, event), 1, "returning true must stop the event")
            gdk_event_free(event)
            XCTAssertEqual(keys, [UInt32(GDK_KEY_Escape)])
            gtk_widget_destroy(window)
        }
    }

    func testTargetActionCallsTheMethodAndHoldsTheTargetWeakly() {
        MainActor.assumeIsolated {
            final class Counter {
                var clicks = 0
                var responses: [Int32] = []
                func clicked() { clicks += 1 }
                func answered(_ response: Int32) { responses.append(response) }
            }
            let button = gtk_button_new()!
            g_object_ref_sink(button)
            let dialog = gtk_dialog_new()!
            var counter: Counter? = Counter()
            weak let released = counter
            button.on(.clicked, target: counter!, action: Counter.clicked)
            dialog.on(.response, target: counter!, action: Counter.answered)
            gtk_button_clicked(button.cast())
            gtk_dialog_response(dialog.cast(), 7)
            XCTAssertEqual(counter?.clicks, 1)
            XCTAssertEqual(counter?.responses, [7])
            counter = nil
            XCTAssertNil(released, "a connection must not keep its target alive")
            gtk_button_clicked(button.cast())  // the target is gone: nothing happens, nothing crashes
            gtk_dialog_response(dialog.cast(), 8)
            gtk_widget_destroy(dialog)
            gtk_widget_destroy(button)
            g_object_unref(button)
        }
    }

    func testWeaklyCallsTheMethodUntilTheTargetIsGone() {
        MainActor.assumeIsolated {
            final class Form {
                var submitted: [String] = []
                func submit(_ name: String) { submitted.append(name) }
            }
            var form: Form? = Form()
            weak let released = form
            let callback = weakly(form!, Form.submit)
            callback("ann")
            XCTAssertEqual(form?.submitted, ["ann"])
            form = nil
            XCTAssertNil(released, "the callback must not keep its target alive")
            callback("bo")  // nothing to call: nothing happens
        }
    }

    func testDisconnectingAfterTheObjectDiedIsHarmless() {
        MainActor.assumeIsolated {
            let before = ClosureBoxes.live
            let button = gtk_button_new()!
            g_object_ref_sink(button)
            let connection = button.on(.clicked) {}
            XCTAssertTrue(connection.isConnected)
            gtk_widget_destroy(button)
            g_object_unref(button)  // the button is finalized here
            XCTAssertFalse(connection.isConnected)
            connection.disconnect()  // the weak reference is empty: no call on freed memory
            XCTAssertEqual(ClosureBoxes.live, before)
        }
    }
}
