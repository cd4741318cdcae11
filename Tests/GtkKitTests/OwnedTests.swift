import CGtk
import XCTest

@testable import GtkKit

/// Owned.swift and Handles.swift: what owns an object and what does not. A handle never changes
/// its object's reference count, `Owned` holds exactly one reference, and a window it owns is
/// destroyed with it.
final class OwnedTests: DisplayTestCase {
    func testHandlesOwnNothing() {
        MainActor.assumeIsolated {
            let label = Owned(Label("counted"))
            let count = referenceCount(of: label.object)
            let copies = (0..<100).map { _ in Label(unchecked: label.object.pointer) }
            let widgets = copies.map(\.widget)
            XCTAssertEqual(referenceCount(of: label.object), count, "making and copying handles takes no reference")
            XCTAssertEqual(Set(widgets).count, 1, "handles of one object are equal")
            XCTAssertNotNil(widgets.first?.as(Label.self), "a checked cast finds the label")
            XCTAssertNil(widgets.first?.as(Entry.self), "and refuses another class")
        }
    }

    func testReleasingTheOwnerFinalizesTheObject() {
        MainActor.assumeIsolated {
            var reference = GWeakRef()
            do {
                let label = Owned(Label("owned"))
                XCTAssertEqual(referenceCount(of: label.object), 1, "exactly one reference: the owner's")
                g_weak_ref_init(&reference, label.object.pointer.raw)
                XCTAssertNotNil(Self.peek(&reference), "alive while owned")
            }
            XCTAssertNil(Self.peek(&reference), "the owner's deinit must drop the last reference")
            g_weak_ref_clear(&reference)
        }
    }

    func testFloatingReferenceIsSunk() {
        MainActor.assumeIsolated {
            let label = Owned(Label("floating"))
            XCTAssertEqual(g_object_is_floating(label.object.pointer.raw), 0)
        }
    }

    func testOwnedWindowIsDestroyedWithTheOwner() {
        MainActor.assumeIsolated {
            var destroyed = false
            do {
                let window = Owned(window: Window(title: "Owned", width: 100, height: 100))
                window.object.on(.destroy) { destroyed = true }
            }
            XCTAssertTrue(destroyed)
        }
    }

    /// A builder keeps what it made for as long as it lives: a view's outlets are valid while the
    /// view keeps its builder, and no longer.
    func testTheBuilderKeepsItsWidgetsAliveUntilReleased() {
        MainActor.assumeIsolated {
            var reference = GWeakRef()
            do {
                let builder = Builder(string: #"<interface><object class="GtkLabel" id="label"/></interface>"#)
                let label: Label = builder.object("label")
                g_weak_ref_init(&reference, label.pointer.raw)
                XCTAssertNotNil(Self.peek(&reference))
            }
            XCTAssertNil(Self.peek(&reference), "released with the builder")
            g_weak_ref_clear(&reference)
        }
    }

    /// The object behind a weak reference, without keeping it.
    private static func peek(_ reference: UnsafeMutablePointer<GWeakRef>) -> UnsafeMutableRawPointer? {
        guard let object = g_weak_ref_get(reference) else { return nil }
        g_object_unref(object)
        return object
    }
}
