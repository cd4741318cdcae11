import XCTest

@testable import TriadModel

/// The rows a preview shows: at most `rowLimit` of them, from a list or a table alike, and no
/// row for a blank line (the import skips it too), while a broken record is shown with its problem.
final class PreviewRowsTests: XCTestCase {
    func testAPreviewShowsAtMostTheRowLimit() {
        let objects = (0..<25).map { #"{"first_name":"F\#($0)","last_name":"L","email":"u\#($0)@example.com"}"# }
        let json = ImportPreview(head: Array("[\(objects.joined(separator: ",\n"))]".utf8), isWholeFile: true, format: .json)
        XCTAssertEqual(json.rows.count, ImportPreview.rowLimit)
        XCTAssertEqual(json.rows.last?.fields.first, "F\(ImportPreview.rowLimit - 1)")
        let lines = (0..<25).map { "F\($0),L,u\($0)@example.com" }
        let csv = ImportPreview(
            head: Array("first_name,last_name,email\n\(lines.joined(separator: "\n"))\n".utf8), isWholeFile: true, format: .csv)
        XCTAssertEqual(csv.rows.count, ImportPreview.rowLimit)
    }

    func testABlankLineIsNoRow() {
        let text = "first_name,last_name\nAda,Lovelace\n\nAlan,Turing\n"
        let preview = ImportPreview(head: Array(text.utf8), isWholeFile: true, format: .csv)
        XCTAssertEqual(preview.rows.map(\.fields), [["Ada", "Lovelace"], ["Alan", "Turing"]])
        XCTAssertEqual(preview.rows.map(\.line), [2, 4])
    }

    /// Each row shown is judged as the import will read it: a whole row has no problem, one with
    /// a field more than the header has too many, one cut short lacks what it lacks.
    func testEachRowIsJudgedAsTheImportWillReadIt() {
        let text = "first_name,last_name,email\nAda,Lovelace,ada@example.org\nAlan,Turing,alan@example.org,extra\nGrace,Hopper\n"
        let preview = ImportPreview(head: Array(text.utf8), isWholeFile: true, format: .csv)
        XCTAssertEqual(preview.rows.count, 3)
        XCTAssertEqual(preview.rows.map { preview.problem(of: $0) }, [nil, .tooManyFields, .missingField("email")])
    }

    /// A file of one byte is read (and judged by its rows); only a file of none is empty.
    func testOnlyAFileOfNoBytesIsEmpty() throws {
        let directory = makeTemporaryDirectory(self)
        writeFile("\(directory)/one.csv", Array("x".utf8))
        XCTAssertEqual(try ImportPreview.read(path: "\(directory)/one.csv", format: .csv).header, ["x"])
        writeFile("\(directory)/none.csv", [])
        XCTAssertThrowsError(try ImportPreview.read(path: "\(directory)/none.csv", format: .csv)) { error in
            XCTAssertEqual(error as? ImportError, .empty)
        }
    }

    /// A UTF-16 head that ends inside a character (the head is cut at a fixed size) is read up to
    /// that character: the cut half is left for the import to read whole.
    func testAUTF16HeadCutInsideACharacterIsReadUpToIt() {
        var head: [UInt8] = [0xFF, 0xFE]
        for unit in "first_name,last_name\nAda,Lovelace\nAlan,Turing\n".utf16 { head += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        head.append(0x41)  // half of the next character
        let preview = ImportPreview(head: head, isWholeFile: false, format: .csv)
        XCTAssertEqual(preview.detectedEncoding, .utf16LE)
        XCTAssertEqual(preview.header, ["first_name", "last_name"])
        XCTAssertEqual(preview.rows.first?.fields, ["Ada", "Lovelace"])
    }
}
