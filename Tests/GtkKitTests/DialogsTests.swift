import CGtk
import XCTest

@testable import GtkKit

/// Dialogs.swift: a file chooser offers the choices it is given, each at the option chosen for it.
final class DialogsTests: DisplayTestCase {
    func testAChooserOffersItsChoicesEachAtTheOptionGiven() {
        MainActor.assumeIsolated {
            let window = Owned(window: Window(title: "Chart", width: 200, height: 100))
            var answered = 0
            let chooser = chooseFile(
                .save, title: "Export Chart", accept: "_Export", cancel: "_Cancel", over: window.object, suggestedName: "chart.png",
                choices: [
                    FileChoice(id: "chart", label: "Chart", options: [("pie", "Pie chart"), ("bars", "Bar chart")], selected: "bars"),
                    FileChoice(
                        id: "size", label: "Size", options: [("640x480", "640 × 480"), ("1280x960", "1280 × 960")], selected: "640x480"),
                ],
                chosen: { _, _ in }, answered: { answered += 1 })
            let files = OpaquePointer(chooser.object.pointer.raw)
            XCTAssertEqual(gtk_file_chooser_get_choice(files, "chart").map { String(cString: $0) }, "bars")
            XCTAssertEqual(gtk_file_chooser_get_choice(files, "size").map { String(cString: $0) }, "640x480")
            XCTAssertNil(gtk_file_chooser_get_choice(files, "colour"), "only the choices given")
            gtk_native_dialog_hide(UnsafeMutablePointer<GtkNativeDialog>(files))
            gtk_native_dialog_destroy(UnsafeMutablePointer<GtkNativeDialog>(files))
        }
    }
}
