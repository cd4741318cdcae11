import XCTest

@testable import TriadModel

/// The chart's rules at their limits: a title or a name exactly as long as allowed is kept, one
/// character more is refused. Lengths are in characters, as a person counts them, not bytes.
final class ChartRulesBoundsTests: XCTestCase {
    func testATitleOfTheLongestLengthIsKept() throws {
        let longest = String(repeating: "é", count: PollRules.maximumTitleLength)
        XCTAssertEqual(try PollRules.title(longest), longest)
        XCTAssertThrowsError(try PollRules.title(longest + "é")) { error in
            XCTAssertEqual(error as? ChartError, .titleTooLong)
        }
    }

    func testANameOfTheLongestLengthIsKept() throws {
        let longest = String(repeating: "ö", count: PollRules.maximumNameLength)
        XCTAssertEqual(try PollRules.name(longest, row: 0, among: [], replacing: nil), longest)
        XCTAssertThrowsError(try PollRules.name(longest + "ö", row: 0, among: [], replacing: nil)) { error in
            XCTAssertEqual(error as? ChartError, .nameTooLong(row: 0))
        }
    }
}
