import CGtk
import XCTest
@testable import GtkKit

/// AccessibleNames.swift: names set while a window is built wait for its first frame.
@MainActor private func accessibleName(_ widget: WidgetPointer) -> String? {
    atk_object_get_name(gtk_widget_get_accessible(widget)).map { String(cString: $0) }
}

final class AccessibleNamesTests: DisplayTestCase {
    func testNamesSetBeforeTheFirstFrameAreGivenOnceItIsDrawn() {
        MainActor.assumeIsolated {
            AccessibleNames.hold()
            let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
            let entry = gtk_entry_new()!
            gtk_container_add(window.cast(), entry)
            entry.setAccessibleName("Street")
            XCTAssertTrue(AccessibleNames.areHeld)
            XCTAssertNotEqual(accessibleName(entry), "Street", "held back before the first frame")

            AccessibleNames.releaseAfterFirstFrame(of: window)
            MainLoop.drain(timeoutSeconds: 0.2)
            XCTAssertTrue(AccessibleNames.areHeld, "a window not yet shown has drawn nothing")
            gtk_widget_show_all(window)
            MainLoop.drain(until: { !AccessibleNames.areHeld })
            XCTAssertFalse(AccessibleNames.areHeld)
            XCTAssertEqual(accessibleName(entry), "Street")

            entry.setAccessibleName("City")
            XCTAssertEqual(accessibleName(entry), "City", "after the first frame, names are given at once")
            gtk_widget_destroy(window)
        }
    }

    func testAWidgetDestroyedWhileItsNameWaitsIsStillSafeToName() {
        MainActor.assumeIsolated {
            AccessibleNames.hold()
            let label = gtk_label_new("x")!
            g_object_ref_sink(label)
            label.setAccessibleName("Gone")
            gtk_widget_destroy(label)
            g_object_unref(label)  // the held name keeps its own reference
            AccessibleNames.release()
            XCTAssertFalse(AccessibleNames.areHeld)
        }
    }
}
