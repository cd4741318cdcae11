import CGtk
import Dispatch
import XCTest

@testable import GtkKit

/// Handles.swift and the widgets: Swift properties reach GTK's own state.
final class WidgetsTests: DisplayTestCase {
    func testAccessibleNameDescriptionAndStyleClass() {
        MainActor.assumeIsolated {
            let entry = Owned<Entry>(made(gtk_entry_new()))
            entry.object.accessibleName = "Street"
            entry.object.accessibleDescription = "Enter the street"
            let accessible = gtk_widget_get_accessible(entry.object.pointer.raw.assumingMemoryBound(to: GtkWidget.self))
            XCTAssertEqual(String(cString: atk_object_get_name(accessible)), "Street")
            XCTAssertEqual(String(cString: atk_object_get_description(accessible)), "Enter the street")
            entry.object.setStyleClass("error", true)
            XCTAssertTrue(entry.object.hasStyleClass("error"))
            entry.object.setStyleClass("error", false)
            XCTAssertFalse(entry.object.hasStyleClass("error"))
        }
    }

    func testPropertiesReadBackWhatGTKHolds() {
        MainActor.assumeIsolated {
            let entry = Owned<Entry>(made(gtk_entry_new()))
            entry.object.placeholder = "Search"
            XCTAssertEqual(
                String(cString: gtk_entry_get_placeholder_text(entry.object.pointer.raw.assumingMemoryBound(to: GtkEntry.self))), "Search")
            entry.object.isTextVisible = false
            XCTAssertEqual(gtk_entry_get_visibility(entry.object.pointer.raw.assumingMemoryBound(to: GtkEntry.self)), 0)
            entry.object.isSensitive = false
            XCTAssertFalse(entry.object.isSensitive)
            let label = Owned(Label("–"))
            label.object.isSelectable = true
            XCTAssertEqual(gtk_label_get_selectable(label.object.pointer.raw.assumingMemoryBound(to: GtkLabel.self)), 1)
            let spinner = Owned<Spinner>(made(gtk_spinner_new()))
            spinner.object.isSpinning = true
            XCTAssertTrue(spinner.object.isSpinning)
            spinner.object.isSpinning = false
            XCTAssertFalse(spinner.object.isSpinning)
            let combo = Owned<ComboBoxText>(made(gtk_combo_box_text_new()))
            combo.object.setItems(["a", "b", "c"], selected: 2)
            XCTAssertEqual(combo.object.selectedIndex, 2)
        }
    }

    /// A combo box whose items may be ellipsized can be made narrower than its longest item; one
    /// whose items may not cannot.
    func testAComboBoxThatEllipsizesItsItemsCanBeNarrowerThanTheLongest() {
        MainActor.assumeIsolated {
            @MainActor func widths(ellipsized: Bool) -> (minimum: Int32, natural: Int32) {
                let combo = Owned<ComboBoxText>(made(gtk_combo_box_text_new()))
                combo.object.setItems(["Any", String(repeating: "a long item ", count: 8)], selected: 1)
                if ellipsized { combo.object.ellipsizesItems() }
                combo.object.isVisible = true  // a hidden widget asks for no room at all
                var minimum: Int32 = 0
                var natural: Int32 = 0
                gtk_widget_get_preferred_width(combo.object.pointer.raw.assumingMemoryBound(to: GtkWidget.self), &minimum, &natural)
                return (minimum, natural)
            }
            let plain = widths(ellipsized: false)
            let ellipsized = widths(ellipsized: true)
            XCTAssertEqual(plain.minimum, plain.natural, "GTK makes a combo box as wide as its longest item")
            XCTAssertEqual(ellipsized.natural, plain.natural)
            XCTAssertLessThan(ellipsized.minimum * 3, plain.minimum, "the long item no longer sets the least width")
        }
    }

    /// A text set by the program is a view update the watcher hears of; a text the person types
    /// is not (the field's own `changed` says that).
    func testTheWatcherHearsTextsSetByTheProgram() {
        MainActor.assumeIsolated {
            final class Listener: Watcher {
                var updated: [Widget] = []
                func widgetUpdated(_ widget: Widget) { updated.append(widget) }
            }
            let label = Owned(Label("a"))
            let listener = Listener()
            label.object.text = "b"
            Watching.add(listener)
            defer { Watching.remove(listener) }
            label.object.text = "c"
            XCTAssertEqual(listener.updated, [label.object.widget])
        }
    }
}
