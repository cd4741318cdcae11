import XCTest

@testable import TriadModel

/// The files people have, as the window imports them: the preview finds how to read the file
/// (ImportPreview.read), and the importer reads it so (UserImporter.run), on a real file and a
/// real store.
final class ImportedFilesTests: XCTestCase {
    static let people = [
        ("Renée", "Müller", "renee@example.com", 34), ("José", "Núñez", "jose@example.com", 51),
        ("Zoë", "Brontë", "zoe@example.com", 27),
    ]

    static func cp1252(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }  // Latin-1's letters are Windows-1252's
    }

    static func utf16(_ text: String, bigEndian: Bool = false) -> [UInt8] {
        (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
            + text.utf16.flatMap { unit -> [UInt8] in
                bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
    }

    static func table(
        _ header: String, separator: String = ",", lineEnd: String = "\n", ages: Bool = true,
        row: ((String, String, String, Int)) -> String? = { _ in nil }
    ) -> String {
        header + lineEnd
            + people.map { person in
                row(person) ?? ([person.0, person.1, person.2] + (ages ? [String(person.3)] : [])).joined(separator: separator)
            }.joined(separator: lineEnd) + lineEnd
    }

    /// Imports `bytes` as a file, as the window does: previewed, then imported as previewed.
    private func importDetected(_ bytes: [UInt8], format: UserImporter.Format = .csv) throws -> (ImportReport, [User]) {
        let directory = makeTemporaryDirectory(self)
        let store = try Store(directory: directory)
        try store.database.execute("DELETE FROM users")
        let path = "\(directory)/people.file"
        writeFile(path, bytes)
        let preview = try ImportPreview.read(path: path, format: format)
        let report = try UserImporter.run(path: path, options: preview.importOptions, storePath: store.path, cancel: CancelFlag()) { _ in }
            .get()
        let users = try store.database.rows("SELECT first_name, last_name, email, age FROM users ORDER BY id").map {
            User(firstName: $0[0].text ?? "", lastName: $0[1].text ?? "", email: $0[2].text ?? "", age: $0[3].integer.map { Int($0) })
        }
        return (report, users)
    }

    func testTheFilesPeopleHaveImportWhole() throws {
        let triad = "first_name,last_name,email,age"
        let withAges = Self.people.map { User(firstName: $0.0, lastName: $0.1, email: $0.2, age: $0.3) }
        let withoutAges = Self.people.map { User(firstName: $0.0, lastName: $0.1, email: $0.2, age: nil) }
        let cases: [(String, [UInt8], [User])] = [
            ("UTF-8, Triad's header", Array(Self.table(triad).utf8), withAges),
            ("Excel's CSV UTF-8: a BOM and CRLF", [0xEF, 0xBB, 0xBF] + Array(Self.table(triad, lineEnd: "\r\n").utf8), withAges),
            ("Excel's CSV: Windows-1252 and CRLF", Self.cp1252(Self.table(triad, lineEnd: "\r\n")), withAges),
            (
                "Excel's Unicode Text: UTF-16 LE with a BOM, tabs",
                Self.utf16(Self.table("first_name\tlast_name\temail\tage", separator: "\t", lineEnd: "\r\n")), withAges
            ),
            (
                "UTF-16 BE with a BOM", Self.utf16(Self.table("first_name\tlast_name\temail\tage", separator: "\t"), bigEndian: true),
                withAges
            ),
            (
                "semicolons (European Excel, LibreOffice)", Array(Self.table("first_name;last_name;email;age", separator: ";").utf8),
                withAges
            ),
            ("a .tsv file", Array(Self.table("first_name\tlast_name\temail\tage", separator: "\t").utf8), withAges),
            (
                "a Google contacts export",
                Array(
                    Self.table("Name,Given Name,Additional Name,Family Name,E-mail 1 - Type,E-mail 1 - Value") {
                        "\($0.0) \($0.1),\($0.0),,\($0.1),* Home,\($0.2)"
                    }.utf8), withoutAges
            ),
            (
                "a Thunderbird export in Windows-1252",
                Self.cp1252(
                    Self.table("First Name,Last Name,Display Name,Primary Email") {
                        "\($0.0),\($0.1),\"\($0.1), \($0.0)\",\($0.2)"
                    }), withoutAges
            ),
            ("no age column", Array(Self.table("first_name,last_name,email", ages: false).utf8), withoutAges),
        ]
        for (name, bytes, expected) in cases {
            let (report, users) = try importDetected(bytes)
            XCTAssertEqual(report.added, 3, "\(name): \(report.message)")
            XCTAssertEqual(report.skippedCount, 0, name)
            XCTAssertEqual(users, expected, name)
        }
        let (report, users) = try importDetected(
            Array(#"[{"Given Name":"Zoë","Family Name":"Brontë","E-mail":"zoe@example.com"}]"#.utf8),
            format: .json)
        XCTAssertEqual(report.added, 1, "JSON keys are matched as a header's names")
        XCTAssertEqual(users, [User(firstName: "Zoë", lastName: "Brontë", email: "zoe@example.com", age: nil)])
    }

    /// The issue's last file: a thousand rows with a quote opened and never closed at the start of
    /// line 12. The broken row costs that row only.
    func testAnUnclosedQuoteCostsOneRow() throws {
        var text = "first_name,last_name,email,age\n"
        for i in 2...1001 { text += (i == 12 ? "\"" : "") + "First\(i),Last\(i),user\(i)@example.com,\(i % 90)\n" }
        let (report, users) = try importDetected(Array(text.utf8))
        XCTAssertEqual(report.added, 999)
        XCTAssertEqual(report.skipped, [SkippedRow(line: 12, problem: .unclosedQuote)])
        XCTAssertEqual(
            report.message,
            "999 users added. 1 row skipped: line 12: a quote opened in this row is not closed; the next line is read as the next row")
        XCTAssertEqual(users.count, 999)
        XCTAssertEqual(users[10], User(firstName: "First13", lastName: "Last13", email: "user13@example.com", age: 13))
    }

    /// Characters cut by the converter's chunks arrive whole: a file of many chunks in each
    /// character set, every row's names checked.
    func testConvertedFilesOfManyChunksKeepEveryCharacter() throws {
        let names = ["Élodie", "Ørjan", "Ægir", "Łucja", "Śmigły", "Ñandú", "€uro", "Ĳssel"]
        var text = "first_name\tlast_name\temail\tage\n"
        for i in 0..<20_000 { text += "\(names[i % names.count])\(i)\t\(names[(i + 3) % names.count])\tp\(i)@example.com\t\(i % 100)\n" }
        for (name, bytes, skipped) in [("UTF-16 LE", Self.utf16(text), 0), ("UTF-16 BE", Self.utf16(text, bigEndian: true), 0)] {
            XCTAssertGreaterThan(bytes.count, 8 << 16, "many chunks")
            let (report, users) = try importDetected(bytes)
            XCTAssertEqual(report.added, 20_000 - skipped, name)
            for i in [0, 1, 4095, 4096, 12_345, 19_999] {
                XCTAssertEqual(users[i].firstName, "\(names[i % names.count])\(i)", "\(name), row \(i)")
                XCTAssertEqual(users[i].lastName, names[(i + 3) % names.count], "\(name), row \(i)")
            }
        }
        // Windows-1252 has the western letters only: those rows come through, accents and all.
        let western =
            text.split(separator: "\n").enumerated().filter {
                $0.offset == 0
                    || !$0.element.contains(where: {
                        $0.unicodeScalars.contains { $0.value > 0xFF && $0.value != 0x20AC }
                    })
            }.map(\.element).joined(separator: "\n") + "\n"
        let bytes = Array(western.unicodeScalars.map { $0.value == 0x20AC ? 0x80 : UInt8(truncatingIfNeeded: $0.value) })
        let (report, users) = try importDetected(bytes)
        XCTAssertEqual(report.added, western.split(separator: "\n").count - 1)
        XCTAssertTrue(users.contains { $0.firstName == "€uro6" && $0.lastName == "Ørjan" }, "the euro sign, 0x80 in Windows-1252")
    }

    /// Bytes that are no character of the file's set cost their row, named after the set.
    func testTextThatIsNotInTheCharacterSetIsReportedByRow() throws {
        let header = Array("first_name,last_name,email\r\n".utf8)
        let western =
            header + Self.cp1252("Zoë,Brontë,zoe@example.com\r\n") + [0x81]
            + Array("nn,Lee,ann@example.com\r\nBo,Kim,bo@example.com\r\n".utf8)
        let (report, _) = try importDetected(western)
        XCTAssertEqual(report.added, 2)
        XCTAssertEqual(report.skipped, [SkippedRow(line: 3, problem: .invalidText("Windows-1252"))])
        XCTAssertEqual(report.skipped.first?.problem.message, "the text is not valid Windows-1252")

        var unicode = Self.utf16("first_name\tlast_name\temail\nAnn\tLee\tann@example.com\n")
        unicode += [0x00, 0xD8] + Self.utf16("x\tKim\tbo@example.com\nCy\tNg\tcy@example.com\n").dropFirst(2)  // half a surrogate pair
        let (unicodeReport, _) = try importDetected(unicode + [0x41])  // and an odd last byte
        XCTAssertEqual(unicodeReport.added, 2)
        XCTAssertEqual(
            unicodeReport.skipped,
            [
                SkippedRow(line: 3, problem: .invalidText("UTF-16 LE")),
                SkippedRow(line: 5, problem: .invalidText("UTF-16 LE")),
            ])
    }
}
