import CGtk
import XCTest
@testable import GtkKit

/// Owned.swift: the wrapper's reference goes with it, and a window it owns is destroyed.
final class OwnedTests: DisplayTestCase {
    func testReleasingTheWrapperFinalizesTheObject() {
        MainActor.assumeIsolated {
            var reference = GWeakRef()
            do {
                let builder = Owned(gtk_builder_new()!)
                g_weak_ref_init(&reference, builder.pointer.gpointer)
                XCTAssertNotNil(Self.peek(&reference), "alive while owned")
            }
            XCTAssertNil(Self.peek(&reference), "the wrapper's deinit must drop the last reference")
            g_weak_ref_clear(&reference)
        }
    }

    func testFloatingReferenceIsSunk() {
        MainActor.assumeIsolated {
            let label = Owned(gtk_label_new("floating")!)
            XCTAssertEqual(g_object_is_floating(label.pointer.gpointer), 0)
        }
    }

    func testOwnedWindowIsDestroyedWithTheWrapper() {
        MainActor.assumeIsolated {
            var destroyed = false
            do {
                let window = Owned(window: gtk_window_new(GTK_WINDOW_TOPLEVEL)!)
                window.pointer.on(.destroy) { destroyed = true }
            }
            XCTAssertTrue(destroyed)
        }
    }

    /// The object behind a weak reference, without keeping it.
    private static func peek(_ reference: UnsafeMutablePointer<GWeakRef>) -> UnsafeMutableRawPointer? {
        guard let object = g_weak_ref_get(reference) else { return nil }
        g_object_unref(object)
        return object
    }
}
