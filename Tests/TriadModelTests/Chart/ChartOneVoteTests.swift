import XCTest

@testable import TriadModel

/// The smallest poll with votes: one vote in all. Its option has the whole pie and 100 %, not
/// the empty pie of a poll with none.
final class ChartOneVoteTests: XCTestCase {
    func testOneVoteIsTheWholePie() {
        XCTAssertEqual(PollShares.fractions([0, 1, 0]), [0, 1, 0])
        XCTAssertEqual(PollShares.percentages([0, 1, 0]), [0, 100, 0])
        XCTAssertEqual(PollShares.percentages([1, 0]), [100, 0])
    }
}
