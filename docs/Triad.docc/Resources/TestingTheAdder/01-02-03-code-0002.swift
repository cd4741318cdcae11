import XCTest

@testable import Adder

/// The adder's model, tested without a window: the model imports no GTK, so its tests need no
/// display.
final class AdderModelTests: XCTestCase {
    func testAddsTwoNumbers() throws {
        let model = AdderModel()
        try model.set("100", "200")
        XCTAssertEqual(try model.total(), 300)
    }

    /// What people type that is not a whole number, each refused with the field it is in.
    func testRefusesWhatIsNotAWholeNumber() {
        for text in ["abc", "", "1.5", "1e3", "12 345", " 7"] {
            let model = AdderModel()
            XCTAssertThrowsError(try model.set(text, "1"), "\(text)") { error in
                XCTAssertEqual(error as? AdderError, .notAWholeNumber(.first), "\(text)")
            }
            XCTAssertThrowsError(try model.set("1", text), "\(text)") { error in
                XCTAssertEqual(error as? AdderError, .notAWholeNumber(.second), "\(text)")
            }
        }
    }

    /// A refused text changes nothing: the numbers set before stay.
    func testKeepsItsNumbersWhenATextIsRefused() throws {
        let model = AdderModel()
        try model.set("1", "2")
        XCTAssertThrowsError(try model.set("1", "x"))
        XCTAssertEqual(model.first, 1)
        XCTAssertEqual(model.second, 2)
    }

    /// The edges of an Int: the largest and smallest sums, and one past each.
    func testSumsUpToTheEdgesOfAnInt() throws {
        let model = AdderModel()
        try model.set(String(Int.max - 1), "1")
        XCTAssertEqual(try model.total(), Int.max)
        try model.set(String(Int.min + 1), "-1")
        XCTAssertEqual(try model.total(), Int.min)
        for (first, second) in [(String(Int.max), "1"), (String(Int.min), "-1")] {
            try model.set(first, second)
            XCTAssertThrowsError(try model.total()) { error in
                XCTAssertEqual(error as? AdderError, .sumOutOfRange)
            }
        }
    }

    /// The sentences the window shows, and the fields it marks, are the model's: pinned here.
    func testSaysWhatIsWrongAndWhere() {
        XCTAssertEqual(AdderError.notAWholeNumber(.first).message, "Enter a whole number in the first field")
        XCTAssertEqual(AdderError.notAWholeNumber(.second).field, .second)
        XCTAssertEqual(AdderError.sumOutOfRange.message, "The sum is too large or too small")
        XCTAssertNil(AdderError.sumOutOfRange.field)
    }
}
