import XCTest

@testable import TriadModel

/// The separator a file's preview picks: the one whose header's field count the rows below it
/// share, not one that merely splits the header.
final class SeparatorDetectionTests: XCTestCase {
    func testTheSeparatorTheRowsAgreeWithWins() {
        // The comma splits the header in two as well, but no row below it; the semicolon splits
        // every line in two.
        let text = "first_name;last_name,ok\nAda;Lovelace\nAlan;Turing\nGrace;Hopper\n"
        XCTAssertEqual(ImportPreview.separator(of: Array(text.utf8)), .semicolon)
        let commas = "first_name,last_name;ok\nAda,Lovelace\nAlan,Turing\n"
        XCTAssertEqual(ImportPreview.separator(of: Array(commas.utf8)), .comma)
    }
}
