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
}
