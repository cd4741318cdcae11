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
        for raw in ["\0", "\t", "\u{1}", "\u{1F}"] {
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

    /// A document read whole (a session's file) nests as deep as an imported file's elements: its
    /// outermost value is the first of the 64 levels, not a level below them.
    func testADocumentReadWholeNestsSixtyFourLevels() throws {
        func document(_ levels: Int) throws -> JSONValue {
            let text = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
            return try JSONStreamParser(ByteReader(bytes: Array(text.utf8))).document()
        }
        XCTAssertNoThrow(try document(JSONStreamParser.depthLimit))
        XCTAssertThrowsError(try document(JSONStreamParser.depthLimit + 1))
    }

    /// Objects count towards the nesting limit as arrays do, one level each.
    func testObjectsNestedPastTheLimitAreRefused() throws {
        func nested(_ levels: Int) -> String {
            String(repeating: #"{"a":"#, count: levels - 1) + "{}" + String(repeating: "}", count: levels - 1)
        }
        XCTAssertNotNil(try element(nested(JSONStreamParser.depthLimit)))
        XCTAssertThrowsError(try element(nested(JSONStreamParser.depthLimit + 1)))
    }

    func testTrueIsRead() throws {
        XCTAssertEqual(try element("true"), .bool(true))
        XCTAssertEqual(try element(#"{"active":true}"#), .object(["active": .bool(true)]))
    }

    /// Every escape of one letter stands for its own character.
    func testEachShortEscapeIsDecoded() throws {
        XCTAssertEqual(try element(#""\b\f\n\r\t\/\"\\""#), .string("\u{08}\u{0C}\n\r\t/\"\\"))
    }

    /// The first and last escapes of each half of a surrogate pair, and the first character past
    /// them, which is no half at all.
    func testSurrogateEscapesAtTheEdgesOfTheirRanges() throws {
        XCTAssertEqual(try element(#""\uD800\uDC00""#), .string("\u{10000}"))
        XCTAssertEqual(try element(#""\uDBFF\uDFFF""#), .string("\u{10FFFF}"))
        XCTAssertEqual(try element(#""\uDC00""#), .loneSurrogate(text: "\u{FFFD}", escape: #"\uDC00"#))
        XCTAssertEqual(try element(#""\uE000""#), .string("\u{E000}"))
    }

    /// Tabs and carriage returns are white space between a document's parts, as spaces and line
    /// feeds are (a file written on Windows has a CR before each LF).
    func testTabsAndCarriageReturnsAreSpace() throws {
        XCTAssertEqual(try element("\t{\t\"a\"\t:\r\n1\r}\r\n"), .object(["a": .number("1")]))
        XCTAssertEqual(try element("\r{\r\"a\"\r:\t1\t}\t"), .object(["a": .number("1")]))
    }

    /// A comma before the closing bracket is refused with space between them too.
    func testATrailingCommaIsRefusedWithSpaceBeforeTheBracket() throws {
        for text in ["1, ", "1,\n", "1 ,\r\n"] {
            XCTAssertThrowsError(try element(text), text.debugDescription)
        }
    }

    /// A number the file ends in the middle of, or right after, is no end of a document.
    func testAFileEndingInANumberIsInvalid() throws {
        for text in ["[1", "[-", "[1.5", "[2e", "[{\"age\":30"] {
            let parser = JSONStreamParser(ByteReader(bytes: Array(text.utf8)))
            XCTAssertTrue(try parser.beginArray())
            XCTAssertThrowsError(try parser.nextElement(), text)
        }
    }

    /// After its closing bracket, a list has no more elements, however often it is asked.
    func testTheEndOfTheListStaysTheEnd() throws {
        let parser = JSONStreamParser(ByteReader(bytes: Array("[1]\n".utf8)))
        XCTAssertTrue(try parser.beginArray())
        XCTAssertEqual(try parser.nextElement(), .number("1"))
        XCTAssertNil(try parser.nextElement())
        XCTAssertNil(try parser.nextElement())
    }

    /// A document that is not a list has no elements to read.
    func testADocumentThatIsNotAListHasNoElements() throws {
        let parser = JSONStreamParser(ByteReader(bytes: Array(#"{"email":"a@example.com"}"#.utf8)))
        XCTAssertFalse(try parser.beginArray())
        XCTAssertNil(try parser.nextElement())
    }
}
