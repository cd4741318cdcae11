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

    /// A header the rows below it do not share is still the best guess there is: a header alone
    /// (or above rows that split otherwise) is split by the separator that splits it.
    func testAHeaderAloneIsSplitByItsSeparator() {
        XCTAssertEqual(ImportPreview.separator(of: Array("first_name;last_name;email\n".utf8)), .semicolon)
        XCTAssertEqual(ImportPreview.separator(of: Array("first_name\tlast_name\nAda Lovelace\n".utf8)), .tab)
    }

    /// The separator is judged by the first ten rows below the header: the rest of a file, however
    /// long, does not make the detection slower, and a row past them does not count.
    func testOnlyTheFirstTenRowsBelowTheHeaderCount() {
        // Both separators split the header and the first nine rows in two; the tenth row is split
        // by the semicolon only, and the eleventh by the comma only.
        let rows = Array(repeating: "p,q;r", count: 9) + ["p;q", "p,q"]
        let text = (["x,y;z"] + rows).joined(separator: "\n") + "\n"
        XCTAssertEqual(ImportPreview.separator(of: Array(text.utf8)), .semicolon)
    }
}
