import XCTest

@testable import TriadModel

final class MistakesTableTests: XCTestCase {
    /// Every lesson page has a mistake, each names its two classes and the members it is in, and
    /// says why in a paragraph of its own.
    func testEveryLessonPageHasAMistakeThatNamesItsClassesAndMembers() {
        for page in ["adder", "address", "login", "users", "note", "chart"] {
            XCTAssertFalse(Mistakes.forPage(page).isEmpty, "\(page) has a mistake")
        }
        XCTAssertEqual(Set(Mistakes.all.map(\.id)), Set(Mistake.ID.allCases), "every mistake is listed once")
        XCTAssertEqual(Mistakes.all.count, Mistake.ID.allCases.count)
        for mistake in Mistakes.all {
            XCTAssertNotEqual(mistake.rightType, mistake.mistakenType)
            XCTAssertFalse(mistake.members.isEmpty, "\(mistake.id) names the members it is in")
            XCTAssertTrue(mistake.why.count > 100, "\(mistake.id) says why, and what it breaks")
            XCTAssertTrue(mistake.mistakenMembers.allSatisfy { $0.hasPrefix(mistake.mistakenType + ".") })
            XCTAssertEqual(Mistakes.with(mistake.id), mistake)
        }
    }
}
