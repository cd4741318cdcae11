import XCTest

@testable import TriadModel

final class UserImportTests: XCTestCase {
    private func emails(_ store: Store) throws -> [String] {
        try store.database.rows("SELECT email FROM users ORDER BY id").compactMap { $0[0].text }
    }

    /// (name, file bytes, users added, skipped lines with problems)
    private var csvCatalog: [(String, [UInt8], Int, [SkippedRow])] {
        let h = Array(header.utf8)
        func text(_ s: String) -> [UInt8] { h + Array(s.utf8) }
        return [
            ("one good row", text("Ann,Lee,ann@example.com,30\n"), 1, []),
            ("no final newline", text("Ann,Lee,ann@example.com,30"), 1, []),
            (
                "CRLF line ends", Array("first_name,last_name,email,age\r\nAnn,Lee,ann@example.com,30\r\nBo,Kim,bo@example.com,4\r\n".utf8),
                2, []
            ),
            ("BOM", [0xEF, 0xBB, 0xBF] + text("Ann,Lee,ann@example.com,30\n"), 1, []),
            ("BOM with CRLF", [0xEF, 0xBB, 0xBF] + Array("first_name,last_name,email,age\r\nAnn,Lee,ann@example.com,30\r\n".utf8), 1, []),
            ("quoted comma", text("\"Ann, Jr.\",Lee,ann@example.com,30\n"), 1, []),
            ("doubled quote", text("\"Ann \"\"A\"\"\",Lee,ann@example.com,30\n"), 1, []),
            ("embedded newline", text("\"Ann\nMarie\",Lee,ann@example.com,30\nBo,Kim,bo@example.com,4\n"), 2, []),
            (
                "line numbers after an embedded newline", text("\"A\nB\",Lee,a@example.com,30\nBo,Kim,bad,4\n"), 1,
                [SkippedRow(line: 4, problem: .malformedEmail)]
            ),
            ("columns in another order", Array("email,age,first_name,last_name\nann@example.com,30,Ann,Lee\n".utf8), 1, []),
            ("extra column ignored", Array("first_name,last_name,email,age,city\nAnn,Lee,ann@example.com,30,Oslo\n".utf8), 1, []),
            ("missing field", text("Ann,,ann@example.com,30\n"), 0, [SkippedRow(line: 2, problem: .missingField("last_name"))]),
            ("short row", text("Ann,Lee\n"), 0, [SkippedRow(line: 2, problem: .missingField("email"))]),
            ("too many fields", text("Ann,Lee,ann@example.com,30,extra\n"), 0, [SkippedRow(line: 2, problem: .tooManyFields)]),
            ("age not a number", text("Ann,Lee,ann@example.com,thirty\n"), 0, [SkippedRow(line: 2, problem: .ageNotANumber)]),
            ("age 151", text("Ann,Lee,ann@example.com,151\n"), 0, [SkippedRow(line: 2, problem: .ageOutOfRange)]),
            ("age -1", text("Ann,Lee,ann@example.com,-1\n"), 0, [SkippedRow(line: 2, problem: .ageOutOfRange)]),
            ("age 0 and 150", text("A,B,a@example.com,0\nC,D,c@example.com,150\n"), 2, []),
            ("malformed e-mail", text("Ann,Lee,ann.example.com,30\n"), 0, [SkippedRow(line: 2, problem: .malformedEmail)]),
            ("e-mail with space", text("Ann,Lee,ann @example.com,30\n"), 0, [SkippedRow(line: 2, problem: .malformedEmail)]),
            (
                "duplicate e-mail in file", text("Ann,Lee,ann@example.com,30\nAnn,Lee,ANN@example.com,31\n"), 1,
                [SkippedRow(line: 3, problem: .duplicateEmail)]
            ),
            (
                "non-UTF-8 bytes", h + [0x41, 0xFF, 0xFE] + Array(",Lee,ann@example.com,30\n".utf8), 0,
                [SkippedRow(line: 2, problem: .invalidText("UTF-8"))]
            ),
            (
                "huge field", text(String(repeating: "x", count: 50_000) + ",Lee,ann@example.com,30\nBo,Kim,bo@example.com,4\n"), 1,
                [SkippedRow(line: 2, problem: .fieldTooLong("first_name"))]
            ),
            ("blank lines skipped", text("\nAnn,Lee,ann@example.com,30\n\n"), 1, []),
            (
                "Japanese, Chinese, Korean names", text("花子,山田,hanako@example.jp,28\n伟,张,wei@example.cn,33\n민준,김,minjun@example.kr,41\n"),
                3, []
            ),
            ("surrounding spaces trimmed", text("  Ann , Lee ,ann@example.com, 30 \n"), 1, []),
            (
                "two good and one bad", text("Ann,Lee,ann@example.com,30\nBo,Kim,bo@example.com,x\nCy,Ng,cy@example.com,5\n"), 2,
                [SkippedRow(line: 3, problem: .ageNotANumber)]
            ),
        ]
    }

    func testCSVCatalog() throws {
        XCTAssertGreaterThanOrEqual(csvCatalog.count, 25)
        for (name, bytes, added, skipped) in csvCatalog {
            let store = try freshStore()
            let report = try UserImporter.importRows(from: ByteReader(bytes: bytes), format: .csv, into: store.database)
            XCTAssertEqual(report.added, added, name)
            XCTAssertEqual(report.skipped, skipped, name)
            XCTAssertEqual(try store.database.scalar("SELECT count(*) FROM users")?.integer, Int64(added), name)
        }
    }

    func testCSVFieldValues() throws {
        let store = try freshStore()
        _ = try importCSV("first_name,last_name,email,age\r\n\"Ann \"\"A\"\"\nMarie\",\"Lee, Jr.\",ann@example.com,30\r\n", into: store)
        let row = try XCTUnwrap(store.database.rows("SELECT first_name, last_name FROM users").first)
        XCTAssertEqual(row, [.text("Ann \"A\"\nMarie"), .text("Lee, Jr.")])
    }

    func testMissingColumnsRejectTheFile() throws {
        let store = try freshStore()
        XCTAssertThrowsError(try importCSV("name,email\nAnn,ann@example.com\n", into: store)) { error in
            XCTAssertEqual(error as? ImportError, .missingColumns(["First name", "Last name"]))
        }
        XCTAssertThrowsError(try importCSV("", into: store)) { error in XCTAssertEqual(error as? ImportError, .empty) }
    }

    func testJSONCatalog() throws {
        let cases: [(String, String, Int, [SkippedRow])] = [
            ("array of objects", #"[{"first_name":"Ann","last_name":"Lee","email":"ann@example.com","age":30}]"#, 1, []),
            ("age as string", #"[{"first_name":"Ann","last_name":"Lee","email":"ann@example.com","age":"30"}]"#, 1, []),
            (
                "escapes and unicode", #"[{"first_name":"A\"n\u00e9 \ud83d\ude00","last_name":"L\\ee","email":"a@example.com","age":1}]"#,
                1, []
            ),
            (
                "line numbers",
                "[\n{\"first_name\":\"A\",\"last_name\":\"B\",\"email\":\"a@example.com\",\"age\":1},\n{\"first_name\":\"C\",\"last_name\":\"D\",\"email\":\"c@example.com\",\"age\":\"old\"}\n]",
                1,
                [SkippedRow(line: 3, problem: .ageNotANumber)]
            ),
            (
                "not an object", #"[1, {"first_name":"A","last_name":"B","email":"a@example.com","age":1}]"#, 1,
                [SkippedRow(line: 1, problem: .notAnObject)]
            ),
            (
                "missing key", #"[{"first_name":"A","email":"a@example.com","age":1}]"#, 0,
                [SkippedRow(line: 1, problem: .missingField("last_name"))]
            ),
            (
                "decimal age", #"[{"first_name":"A","last_name":"B","email":"a@example.com","age":1.5}]"#, 0,
                [SkippedRow(line: 1, problem: .ageNotANumber)]
            ),
            (
                "a NUL escape in a name",
                "[{\"first_name\":\"A\\u0000n\",\"last_name\":\"B\",\"email\":\"a@example.com\"},\n"
                    + #"{"first_name":"C\u0001","last_name":"D","email":"c@example.com","note":"\u0000"}]"#, 1,
                [SkippedRow(line: 1, problem: .nulCharacter)]
            ),
            ("empty array", "[]", 0, []),
            ("BOM and spaces", "\u{FEFF}  [ ]  ", 0, []),
        ]
        for (name, text, added, skipped) in cases {
            let store = try freshStore()
            let report = try UserImporter.importRows(from: ByteReader(bytes: Array(text.utf8)), format: .json, into: store.database)
            XCTAssertEqual(report.added, added, name)
            XCTAssertEqual(report.skipped, skipped, name)
        }
        let malformed = [
            "{\"first_name\":\"A\"}", "[{\"a\":}]", "[1,]", "[\"unterminated", "[{\"a\":\"x\"}] trailing", "[tru]",
            "[" + String(repeating: "[", count: 100) + String(repeating: "]", count: 101),
        ]
        for text in malformed {
            let store = try freshStore()
            XCTAssertThrowsError(
                try UserImporter.importRows(
                    from: ByteReader(bytes: Array(text.utf8)), format: .json,
                    into: store.database), text)
            XCTAssertEqual(try store.database.scalar("SELECT count(*) FROM users")?.integer, 0, "nothing stored: \(text)")
        }
    }

    func testImportIsOneTransaction() throws {
        let store = try freshStore()
        var text = header
        for i in 0..<5000 { text += "U\(i),V,u\(i)@example.com,\(i % 100)\n" }
        let cancel = CancelFlag()
        cancel.cancel()
        XCTAssertThrowsError(
            try UserImporter.importRows(
                from: ByteReader(bytes: Array(text.utf8)), format: .csv,
                into: store.database, cancel: cancel)
        ) { error in
            XCTAssertEqual(error as? ImportError, .cancelled)
        }
        XCTAssertEqual(try store.database.scalar("SELECT count(*) FROM users")?.integer, 0, "cancel leaves the store as before")
        let report = try importCSV(text, into: store)
        XCTAssertEqual(report.added, 5000)
    }

    /// Where a field's length is judged shows in the message's name: a field the reader keeps (up
    /// to `CSVParser.fieldLimit` bytes) is refused by the row's rules under the field's name, one
    /// the reader drops under the file's own column name. 10,000 bytes are kept and 10,001 are not,
    /// quoted or not.
    func testTheReadersFieldLimitIsExactlyItsBytes() throws {
        let cases: [(quoted: Bool, length: Int, name: String)] = [
            (false, 10_000, "first_name"), (false, 10_001, "First Name"), (true, 10_000, "first_name"), (true, 10_001, "First Name"),
        ]
        for (quoted, length, name) in cases {
            let field = String(repeating: "x", count: length)
            let store = try Store(directory: makeTemporaryDirectory(self))
            let report = try importCSV(
                "First Name,Last Name,Email,Age\n" + (quoted ? "\"\(field)\"" : field) + ",Lee,ann@example.com,30\n", into: store)
            XCTAssertEqual(
                report.skipped, [SkippedRow(line: 2, problem: .fieldTooLong(name))], "\(quoted ? "quoted" : "plain"), \(length) bytes")
        }
    }

    /// A quoted field that runs over a line break but leaves its record short is read again as
    /// the lines it took, and the rows after it keep their own line numbers.
    func testARecordThatSpansLinesAndFallsShortKeepsTheLineNumbersAfterIt() throws {
        let store = try Store(directory: makeTemporaryDirectory(self))
        let report = try importCSV(
            "first_name,last_name,email,age\n\"Ann\nLee\",x\nBo,Kim,bo@example.com,4000\nCy,Ng,cy@example.com,1\n", into: store)
        XCTAssertEqual(
            report.skipped,
            [
                SkippedRow(line: 2, problem: .unclosedQuote), SkippedRow(line: 3, problem: .missingField("email")),
                SkippedRow(line: 4, problem: .ageOutOfRange),
            ])
        XCTAssertEqual(report.added, 1)
    }
}
