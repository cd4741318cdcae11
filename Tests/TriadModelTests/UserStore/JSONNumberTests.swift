import XCTest

@testable import TriadModel

/// JSON as RFC 8259 writes it: its number grammar exactly, numbers of any length where a field
/// is text, and ages still whole numbers from 0 to 150 (Import/JSONStreamParser.swift).
final class JSONNumberTests: XCTestCase {
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

    private func user(age: String, name: String = "\"Ann\"") -> String {
        #"[{"first_name":\#(name),"last_name":"Lee","email":"ann@example.com","age":\#(age)}]"#
    }

    /// The forms the grammar has no place for: a plus sign, leading zeros, a dot without digits on
    /// one side, an exponent without digits, and the like. Each makes the file invalid, as any
    /// syntax error does, at the line where the parser meets what cannot be there: each number
    /// stands on the file's second line, and a few run over line breaks onto the lines after it.
    func testNumbersTheGrammarForbidsMakeTheFileInvalid() throws {
        let forbidden: [(number: String, line: Int)] = [
            ("+1", 2), ("01", 2), ("00", 2), ("-01", 2), ("+0", 2), (".5", 2), ("-.5", 2), ("5.", 2), ("-5.", 2), ("1.e5", 2),
            ("1e", 2), ("1e+", 2), ("1E-", 2), ("-", 2), ("+.5", 2), ("1.5e", 2), ("0x10", 2), ("- 1", 2), ("1e5.5", 2),
            ("1..2", 2), ("--1", 2), ("Infinity", 2), ("NaN", 2), ("0.", 2), ("1_000", 2),
            ("-\n1", 2), ("1.\n5", 2), ("1e\n5", 2), ("1\n.5", 3), ("1\n\n2", 4), ("0\n1", 3),
        ]
        for (number, line) in forbidden {
            XCTAssertThrowsError(try element(number), number) { error in
                XCTAssertEqual((error as? JSONStreamParser.SyntaxError)?.line, line - 1, "\(number): alone in a list on the first line")
            }
            let file = "[{\"first_name\":\"Ann\",\"last_name\":\"Lee\",\"email\":\"ann@example.com\",\n\"age\":\(number)}]"
            XCTAssertThrowsError(try importJSON(file), number) { error in
                XCTAssertEqual(error as? ImportError, .malformed(line: line), number)
            }
        }
    }

    func testNumbersTheGrammarAllowsAreReadAsWritten() throws {
        for number in ["0", "-0", "7", "30", "150", "1.5", "0.25", "-1.5e-10", "1e5", "1E+5", "2e-0", "10.0e10", "123456789"] {
            XCTAssertEqual(try element(number), .number(number), number)
        }
        // An age is a whole number from 0 to 150, however the number is written.
        let ages: [(String, RowProblem?)] = [
            ("0", nil), ("-0", nil), ("150", nil), ("\"42\"", nil), ("null", nil),
            ("151", .ageOutOfRange), ("-1", .ageOutOfRange), ("1.5", .ageNotANumber),
            ("1e2", .ageNotANumber), ("true", .ageNotANumber), ("[1]", .ageNotANumber),
            ("99999999999999999999999", .ageNotANumber),
        ]
        for (age, problem) in ages {
            let report = try importJSON(user(age: age))
            XCTAssertEqual(report.skipped.first?.problem, problem, age)
            XCTAssertEqual(report.added, problem == nil ? 1 : 0, age)
        }
    }

    /// A number where a name is expected is that name's text, however many digits it has (an
    /// 80-digit number is valid JSON, and was refused); one longer than a field may be costs its
    /// row, not the file, and is never held whole.
    func testNumbersOfAnyLengthAreText() throws {
        let eighty = String(repeating: "1234567890", count: 8)
        XCTAssertEqual(try element(eighty), .number(eighty))
        XCTAssertEqual(try element("-" + eighty + ".5e-300"), .number("-" + eighty + ".5e-300"))
        XCTAssertEqual(try importJSON(user(age: "30", name: eighty)).added, 1)
        let huge = String(repeating: "9", count: CSVParser.fieldLimit + 1)
        XCTAssertEqual(try element(huge), .tooLong)
        let report = try importJSON(user(age: "30", name: huge))
        XCTAssertEqual(report.skipped, [SkippedRow(line: 1, problem: .fieldTooLong("first_name"))])
        let longText = "\"" + String(repeating: "x", count: 50_000) + "\""
        XCTAssertEqual(
            try importJSON(user(age: "30", name: longText)).skipped, [SkippedRow(line: 1, problem: .fieldTooLong("first_name"))],
            "a long string costs its row too")
        XCTAssertEqual(
            try importJSON(
                "[" + user(age: "1", name: longText).dropFirst().dropLast()
                    + #",{"first_name":"Bo","last_name":"Kim","email":"bo@example.com","age":2}]"#
            ).added,
            1, "and the rows after it are read")
    }
}
