import CGtk
import XCTest

@testable import GtkKit

/// Builder.swift: outlets are found by id and checked for their class; a wrong id or class is
/// named, with the file and both classes.
final class BuilderTests: DisplayTestCase {
    private static let text = """
        <interface><object class="GtkBox" id="root"><child><object class="GtkEntry" id="first_entry"/></child>\
        <child><object class="GtkSearchEntry" id="search"/></child><child><object class="GtkLabel" id="sum_label"/></child>\
        </object></interface>
        """

    func testOutletsAreTyped() throws {
        try MainActor.assumeIsolated {
            let builder = Builder(string: Self.text, name: "Adder.ui")
            let entry: Entry = try builder.lookUp("first_entry")
            entry.text = "100"
            XCTAssertEqual(entry.text, "100")
            let search: Entry = try builder.lookUp("search")
            XCTAssertEqual(search.runtimeClassName, "GtkSearchEntry", "a subclass is found as its class")
            let label: Label = try builder.lookUp("sum_label")
            label.text = "300"
            XCTAssertEqual(label.text, "300")
        }
    }

    func testAWrongClassIsNamedWithBothClasses() {
        MainActor.assumeIsolated {
            let builder = Builder(string: Self.text, name: "Adder.ui")
            let result = Result { () throws(OutletError) in try builder.lookUp("sum_label", as: Entry.self) }
            XCTAssertEqual(result.error, .wrongClass(id: "sum_label", file: "Adder.ui", found: "GtkLabel", expected: "GtkEntry"))
            XCTAssertEqual(result.error?.message, "Adder.ui: the object \"sum_label\" is a GtkLabel, not a GtkEntry")
        }
    }

    func testAMissingIdIsNamed() {
        MainActor.assumeIsolated {
            let builder = Builder(string: Self.text, name: "Adder.ui")
            let result = Result { () throws(OutletError) in try builder.lookUp("second_entry", as: Entry.self) }
            XCTAssertEqual(result.error?.message, "Adder.ui has no object with id \"second_entry\" (a GtkEntry was expected)")
        }
    }
}

extension Result {
    /// The error, if this is one.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
