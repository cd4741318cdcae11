import XCTest

@testable import TriadModel

/// JSON values as RFC 8259 writes them, beyond numbers (JSONNumberTests): strings with their
/// escapes, a control character (U+0000 to U+001F) that must be escaped in one and makes the file
/// invalid written raw, the longest string a field keeps, and `false` and arrays inside a row's
/// object, with the spaces the grammar allows around their parts.
final class JSONStringTests: XCTestCase {
    private func element(_ text: String) throws -> JSONValue? {
        let parser = JSONStreamParser(ByteReader(bytes: Array("[\(text)]".utf8)))
        XCTAssertTrue(try parser.beginArray())
        return try parser.nextElement()
    }

    private func importJSON(_ text: String) throws -> ImportReport {
        let store = try Store(inMemory: ())
        try store.database.execute("DELETE FROM users")
        return try UserImporter.importRows(from: ByteReader(bytes: Array(text.utf8)), format: .json, into: store.database)
    }

    private func file(name: String) -> String {
        "[\n" + #"{"first_name":"\#(name)","last_name":"Lee","email":"ann@example.com","age":30}"# + "\n]"
    }

    func testARawControlCharacterInAStringMakesTheFileInvalid() throws {
        for raw in ["\t", "\u{1}", "\u{1F}"] {
            XCTAssertThrowsError(try importJSON(file(name: "A\(raw)nn")), raw.debugDescription) { error in
                XCTAssertEqual(error as? ImportError, .malformed(line: 2), raw.debugDescription)
            }
        }
    }

    func testAnEscapedControlCharacterIsValidJSON() throws {
        let report = try importJSON(file(name: #"A\tnn"#))
        XCTAssertEqual(report.rows, 1, "the file is read; what the row holds is the row's checks' to judge")
    }

    func testUnicodeEscapesAreDecoded() throws {
        XCTAssertEqual(try element(#""Ren\u00e9e""#), .string("Renée"))
        XCTAssertEqual(try element(#""\ud83d\ude00 \u00E9""#), .string("😀 é"), "a surrogate pair, and capital hex digits")
    }

    func testAStringOfTheLongestFieldIsKept() throws {
        let longest = String(repeating: "x", count: CSVParser.fieldLimit)
        XCTAssertEqual(try element("\"\(longest)\""), .string(longest))
        XCTAssertEqual(try element("\"\(longest)x\""), .tooLong)
    }

    func testFalseAndSpacedArraysInsideARow() throws {
        XCTAssertEqual(
            try element(#"{ "active" : false , "tags" : [ 1 , "two" ] , "none" : { } , "empty" : [ ] }"#),
            .object([
                "active": .bool(false), "tags": .array([.number("1"), .string("two")]), "none": .object([:]), "empty": .array([]),
            ]))
        let row = #"[{"first_name":"Ann","last_name":"Lee","email":"ann@example.com","age":30,"active":false,"tags":[ 1 , 2 ]}]"#
        XCTAssertEqual(try importJSON(row).added, 1)
    }

    /// Nesting is refused past 64 levels, before it can exhaust the stack: 64 are read.
    func testNestingStopsAtSixtyFourLevels() throws {
        func nested(_ levels: Int) -> String { String(repeating: "[", count: levels) + String(repeating: "]", count: levels) }
        XCTAssertNotNil(try element(nested(64)))
        XCTAssertThrowsError(try element(nested(65)))
    }
}
