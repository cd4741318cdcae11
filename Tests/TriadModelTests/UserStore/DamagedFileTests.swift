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

    /// One damaged file: its name, its bytes, the rows in it, the rows skipped and why, and the
    /// rows the damage left alone (lines 2…`generated` + 1 of `file`, but those in `changed`).
    private struct Damaged {
        let name: String
        let bytes: [UInt8]
        let rows: Int
        let skipped: [SkippedRow]
        var generated = 200
        var changed: Set<Int> = []
    }

    private var corpus: [Damaged] {
        let row = Self.row
        let unclosed = Self.unclosed
        /// A UTF-8 file of `count` rows, the lines in `change` replaced.
        func f(
            _ count: Int, _ ending: String, _ final: Bool, _ change: [Int: String], _ name: String, rows: Int? = nil,
            _ skipped: [SkippedRow]
        ) -> Damaged {
            Damaged(
                name: name, bytes: Array(Self.file(count, ending, final, change).utf8), rows: rows ?? count, skipped: skipped,
                generated: count, changed: Set(change.keys))
        }
        let broken = { (line: Int) in SkippedRow(line: line, problem: .unclosedQuote) }
        return [
            f(200, "\n", true, [2: unclosed(2)], "unclosed quote on the first row", [broken(2)]),
            f(200, "\n", true, [100: unclosed(100)], "unclosed quote in the middle", [broken(100)]),
            f(200, "\n", true, [201: unclosed(201)], "unclosed quote on the last row", [broken(201)]),
            f(200, "\n", false, [201: unclosed(201)], "unclosed quote on a last row without a line break", [broken(201)]),
            f(200, "\n", true, [50: "First50,\"Last50,u50@example.com,50"], "unclosed quote in a middle field", [broken(50)]),
            f(200, "\n", true, [30: unclosed(30), 31: unclosed(31)], "two unclosed quotes in a row", [broken(30), broken(31)]),
            f(
                200, "\n", true, [40: unclosed(40), 60: "\"Sixty, Jr.\",Last60,u60@example.com,60"], "unclosed quote, a quoted field later",
                [broken(40)]),
            f(200, "\n", true, [73: "First73,\",u73@example.com,73"], "a field that is one quote", [broken(73)]),
            f(200, "\r\n", true, [120: unclosed(120)], "unclosed quote in a CRLF file", [broken(120)]),
            f(5000, "\n", true, [12: unclosed(12)], "unclosed quote running past the bound", [broken(12)]),
            f(
                200, "\n", true,
                [
                    70: "First70,O\"Brien,u70@example.com,70", 71: "\"First\"71,Last71,u71@example.com,71",
                    72: "First72,Last72,u72@example.com,72\"",
                ], "stray quotes kept as text",
                [SkippedRow(line: 72, problem: .ageNotANumber)]),
            f(
                200, "\n", true, [74: "First74,\"\",u74@example.com,74"], "an empty quoted field",
                [SkippedRow(line: 74, problem: .missingField("last_name"))]),
            f(
                200, "\n", true, [80: "Fir\0st80,Last80,u80@example.com,80", 81: "\"Fi\0rst81\",Last81,u81@example.com,81"], "NUL bytes",
                [SkippedRow(line: 80, problem: .nulCharacter), SkippedRow(line: 81, problem: .nulCharacter)]),
            f(200, "\n", false, [201: "First201,La"], "a last line cut short", [SkippedRow(line: 201, problem: .missingField("email"))]),
            f(200, "\n", false, [201: "First201,\"La"], "a last line cut inside a quote", [broken(201)]),
            Damaged(
                name: "mixed line ends",
                bytes: Array(
                    (2...201).reduce(Self.header + "\r\n") { text, line in
                        text + (line == 150 ? "First150,Last150,u150@example.com,old" : row(line)) + ["\r\n", "\n", "\r"][line % 3]
                    }.utf8), rows: 200, skipped: [SkippedRow(line: 150, problem: .ageNotANumber)], changed: [150]),
            f(
                200, "\r", true, [120: "First120,Last120,u120@example.com,old"], "lone CRs only (old Mac files)",
                [SkippedRow(line: 120, problem: .ageNotANumber)]),
            f(
                200, "\n", true, [90: "\"First\nNinety\",Last90,u90@example.com,90", 150: "First150,Last150,u150@example.com,old"],
                "a quoted field over two lines, and a bad row after it", [SkippedRow(line: 151, problem: .ageNotANumber)]),
            f(200, "\n", true, [60: "", 61: ""], "blank lines are no rows", rows: 198, []),
            Damaged(
                name: "unclosed quote in Windows-1252",
                bytes: ImportedFilesTests.cp1252(Self.file(200, "\r\n", true, [5: "\"Zoë,Brontë,zoe@example.com,27"])),
                rows: 200, skipped: [broken(5)], changed: [5]),
            Damaged(
                name: "unclosed quote in UTF-16", bytes: ImportedFilesTests.utf16(Self.file(200, "\r\n", true, [7: unclosed(7)])),
                rows: 200, skipped: [broken(7)], changed: [7]),
        ]
    }

    /// Each file: the counts add up to its rows, the damage is reported where it is, and every
    /// row the damage left alone is stored with its own values.
    func testEveryRowOfADamagedFileIsCounted() throws {
        for damaged in corpus {
            let name = damaged.name
            let store = try Store(inMemory: ())
            try store.database.execute("DELETE FROM users")
            let encoding = TextEncoding.detect(Array(damaged.bytes.prefix(ImportPreview.headSize)), isWholeFile: true)
            let report = try UserImporter.importRows(
                from: ByteReader(bytes: damaged.bytes, encoding: encoding),
                options: ImportOptions(encoding: encoding), into: store.database)
            XCTAssertEqual(
                report.added + report.skippedCount, damaged.rows, "\(name): the counts add up to the file's rows (\(report.message))")
            XCTAssertEqual(report.skipped, damaged.skipped, name)
            XCTAssertEqual(try store.database.scalar("SELECT count(*) FROM users")?.integer, Int64(report.added), name)
            var stored: [String: [SQLValue]] = [:]
            for user in try store.database.rows("SELECT email, first_name, last_name, age FROM users") {
                stored[user[0].text ?? ""] = Array(user.dropFirst())
            }
            for line in 2...(damaged.generated + 1) where !damaged.changed.contains(line) {
                XCTAssertEqual(
                    stored["u\(line)@example.com"], [.text("First\(line)"), .text("Last\(line)"), .integer(Int64(line % 90))],
                    "\(name): the row made for line \(line) is stored as it was written")
            }
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
