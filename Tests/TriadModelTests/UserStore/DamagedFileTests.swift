import XCTest

@testable import TriadModel

/// A broken row costs one row: files damaged in the ways files get damaged (a quote never
/// closed at the start, middle or end; stray quotes; NUL bytes; a last line cut short; mixed
/// line ends), and for each the report's counts add up to the file's rows, the damage reported
/// at its line and the rows after it read as they are.
final class DamagedFileTests: XCTestCase {
    private static let header = "first_name,last_name,email,age"

    private static func row(_ line: Int) -> String { "First\(line),Last\(line),u\(line)@example.com,\(line % 90)" }

    /// A header and `count` rows (lines 2…count + 1), the lines in `change` replaced.
    private static func file(
        _ count: Int = 200, _ ending: String = "\n", _ finalLineBreak: Bool = true,
        _ change: [Int: String] = [:]
    ) -> String {
        var text = header + ending
        for line in 2...(count + 1) {
            text += change[line] ?? row(line)
            if line <= count || finalLineBreak { text += ending }
        }
        return text
    }

    private static func unclosed(_ line: Int) -> String { "\"" + row(line) }

    /// (name, file, rows in it, rows skipped and why)
    private var corpus: [(String, [UInt8], Int, [SkippedRow])] {
        let f = Self.file
        let row = Self.row
        let unclosed = Self.unclosed
        func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }
        let broken = { (line: Int) in SkippedRow(line: line, problem: .unclosedQuote) }
        return [
            ("unclosed quote on the first row", utf8(f(200, "\n", true, [2: unclosed(2)])), 200, [broken(2)]),
            ("unclosed quote in the middle", utf8(f(200, "\n", true, [100: unclosed(100)])), 200, [broken(100)]),
            ("unclosed quote on the last row", utf8(f(200, "\n", true, [201: unclosed(201)])), 200, [broken(201)]),
            ("unclosed quote on a last row without a line break", utf8(f(200, "\n", false, [201: unclosed(201)])), 200, [broken(201)]),
            ("unclosed quote in a middle field", utf8(f(200, "\n", true, [50: "First50,\"Last50,u50@example.com,50"])), 200, [broken(50)]),
            (
                "two unclosed quotes in a row", utf8(f(200, "\n", true, [30: unclosed(30), 31: unclosed(31)])), 200,
                [broken(30), broken(31)]
            ),
            (
                "unclosed quote, a quoted field later",
                utf8(f(200, "\n", true, [40: unclosed(40), 60: "\"Sixty, Jr.\",Last60,u60@example.com,60"])),
                200, [broken(40)]
            ),
            ("a field that is one quote", utf8(f(200, "\n", true, [73: "First73,\",u73@example.com,73"])), 200, [broken(73)]),
            ("unclosed quote in a CRLF file", utf8(f(200, "\r\n", true, [120: unclosed(120)])), 200, [broken(120)]),
            ("unclosed quote running past the bound", utf8(f(5000, "\n", true, [12: unclosed(12)])), 5000, [broken(12)]),
            (
                "stray quotes kept as text",
                utf8(
                    f(
                        200, "\n", true,
                        [
                            70: "First70,O\"Brien,u70@example.com,70", 71: "\"First\"71,Last71,u71@example.com,71",
                            72: "First72,Last72,u72@example.com,72\"",
                        ])),
                200, [SkippedRow(line: 72, problem: .ageNotANumber)]
            ),
            (
                "an empty quoted field", utf8(f(200, "\n", true, [74: "First74,\"\",u74@example.com,74"])), 200,
                [SkippedRow(line: 74, problem: .missingField("last_name"))]
            ),
            (
                "NUL bytes",
                utf8(f(200, "\n", true, [80: "Fir\0st80,Last80,u80@example.com,80", 81: "\"Fi\0rst81\",Last81,u81@example.com,81"])),
                200, [SkippedRow(line: 80, problem: .nulCharacter), SkippedRow(line: 81, problem: .nulCharacter)]
            ),
            (
                "a last line cut short", utf8(f(200, "\n", false, [201: "First201,La"])), 200,
                [SkippedRow(line: 201, problem: .missingField("email"))]
            ),
            ("a last line cut inside a quote", utf8(f(200, "\n", false, [201: "First201,\"La"])), 200, [broken(201)]),
            (
                "mixed line ends",
                utf8(
                    (2...201).reduce(Self.header + "\r\n") { text, line in
                        text + (line == 150 ? "First150,Last150,u150@example.com,old" : row(line)) + ["\r\n", "\n", "\r"][line % 3]
                    }), 200, [SkippedRow(line: 150, problem: .ageNotANumber)]
            ),
            (
                "lone CRs only (old Mac files)", utf8(f(200, "\r", true, [120: "First120,Last120,u120@example.com,old"])), 200,
                [SkippedRow(line: 120, problem: .ageNotANumber)]
            ),
            (
                "a quoted field over two lines, and a bad row after it",
                utf8(
                    f(200, "\n", true, [90: "\"First\nNinety\",Last90,u90@example.com,90", 150: "First150,Last150,u150@example.com,old"])),
                200, [SkippedRow(line: 151, problem: .ageNotANumber)]
            ),
            ("blank lines are no rows", utf8(f(200, "\n", true, [60: "", 61: ""])), 198, []),
            (
                "unclosed quote in Windows-1252", ImportedFilesTests.cp1252(f(200, "\r\n", true, [5: "\"Zoë,Brontë,zoe@example.com,27"])),
                200, [broken(5)]
            ),
            ("unclosed quote in UTF-16", ImportedFilesTests.utf16(f(200, "\r\n", true, [7: unclosed(7)])), 200, [broken(7)]),
        ]
    }

    func testEveryRowOfADamagedFileIsCounted() throws {
        XCTAssertGreaterThanOrEqual(corpus.count, 20)
        for (name, bytes, rows, skipped) in corpus {
            let store = try Store(inMemory: ())
            try store.database.execute("DELETE FROM users")
            let encoding = TextEncoding.detect(Array(bytes.prefix(ImportPreview.headSize)), isWholeFile: true)
            let report = try UserImporter.importRows(
                from: ByteReader(bytes: bytes, encoding: encoding),
                options: ImportOptions(encoding: encoding), into: store.database)
            XCTAssertEqual(report.added + report.skippedCount, rows, "\(name): the counts add up to the file's rows (\(report.message))")
            XCTAssertEqual(report.skipped, skipped, name)
            XCTAssertEqual(try store.database.scalar("SELECT count(*) FROM users")?.integer, Int64(report.added), name)
        }
    }

    /// The rows after a broken one are read as they are, and what was kept of the broken
    /// row's text is read again, not lost.
    func testTheRowsAfterABrokenOneKeepTheirValues() throws {
        let store = try Store(inMemory: ())
        try store.database.execute("DELETE FROM users")
        let text = Self.file(20, "\n", true, [5: "First5,\"Last5,u5@example.com,5", 6: "\"Quoted, six\",\"Multi\nLine\",u6@example.com,6"])
        let report = try UserImporter.importRows(from: ByteReader(bytes: Array(text.utf8)), format: .csv, into: store.database)
        XCTAssertEqual(report.skipped, [SkippedRow(line: 5, problem: .unclosedQuote)])
        XCTAssertEqual(report.added, 19)
        XCTAssertEqual(
            try store.database.rows("SELECT first_name, last_name FROM users WHERE email = 'u6@example.com'"),
            [[.text("Quoted, six"), .text("Multi\nLine")]])
        XCTAssertEqual(
            try store.database.rows("SELECT first_name, age FROM users WHERE email = 'u21@example.com'"),
            [[.text("First21"), .integer(21)]], "the last row, on line 22 (the quoted field spans a line)")
    }
}
