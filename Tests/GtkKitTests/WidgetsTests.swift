import CGtk
import Dispatch
import XCTest
@testable import GtkKit

/// Widgets.swift: accessibility and style helpers on real widgets.
final class WidgetsTests: DisplayTestCase {
    func testAccessibleNameAndStyleClass() {
        MainActor.assumeIsolated {
            let entry = gtk_entry_new()!
            g_object_ref_sink(entry)
            entry.setAccessibleName("Street")
            XCTAssertEqual(String(cString: atk_object_get_name(gtk_widget_get_accessible(entry))), "Street")
            entry.setStyleClass("error", true)
            XCTAssertTrue(entry.hasStyleClass("error"))
            entry.setStyleClass("error", false)
            XCTAssertFalse(entry.hasStyleClass("error"))
            gtk_widget_destroy(entry)
            g_object_unref(entry)
        }
    }
}
