import XCTest

@testable import TriadModel

/// How the import preview reads a file before anything is imported: its character set, its
/// separator, which columns hold what (Import/ImportPreview.swift, TextEncoding.swift,
/// ColumnMatching.swift).
final class ImportDetectionTests: XCTestCase {
    private func cp1252(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0..<0x80, 0xA0...0xFF: UInt8(scalar.value)
            case 0x20AC: 0x80
            default: UInt8(ascii: "?")
            }
        }
    }

    private func utf16(_ text: String, bigEndian: Bool = false) -> [UInt8] {
        (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
            + text.utf16.flatMap { unit -> [UInt8] in
                bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
    }

    func testCharacterSetsAreDetected() {
        let text = "first_name,last_name,email,age\nJosé,Núñez,jose@example.com,40\n"
        let cases: [(String, [UInt8], Bool, TextEncoding)] = [
            ("plain ASCII", Array("first_name,last_name\nAnn,Lee\n".utf8), true, .utf8),
            ("UTF-8", Array(text.utf8), true, .utf8),
            ("UTF-8 with BOM", [0xEF, 0xBB, 0xBF] + Array(text.utf8), true, .utf8WithBOM),
            ("UTF-16 LE by its BOM", utf16(text), true, .utf16LE),
            ("UTF-16 BE by its BOM", utf16(text, bigEndian: true), true, .utf16BE),
            ("Windows-1252: not UTF-8", cp1252(text), true, .windows1252),
            ("a head cut inside a character is still UTF-8", Array(Array("Ann,Lee,é".utf8).dropLast()), false, .utf8),
            ("the same bytes as a whole file are not", Array(Array("Ann,Lee,é".utf8).dropLast()), true, .windows1252),
            ("a head of a character's first byte alone has nothing left to be UTF-8", [0xC3], false, .windows1252),
            ("a head cut one byte into a character, after one of three bytes", Array("a€".utf8) + [0xE2], false, .utf8),
            // A character has at most four bytes, so a head cuts at most three of them off.
            (
                "a stray byte four from the end of a head is no cut character", Array("ab".utf8) + [0xFF] + Array("AAA".utf8), false,
                .windows1252
            ),
            ("NUL bytes are UTF-8 text", Array("Ann\0,Lee\n".utf8), true, .utf8),
        ]
        for (name, bytes, whole, expected) in cases {
            XCTAssertEqual(TextEncoding.detect(bytes, isWholeFile: whole), expected, name)
        }
        XCTAssertEqual(TextEncoding(commandLineName: "UTF-16LE"), .utf16LE)
        XCTAssertEqual(TextEncoding(commandLineName: "cp1252"), .windows1252)
        XCTAssertNil(TextEncoding(commandLineName: "latin-9"))
    }

    func testSeparatorsAreDetected() {
        let cases: [(String, String, CSVSeparator)] = [
            ("commas", "first_name,last_name,email,age\nAnn,Lee,a@example.com,3\n", .comma),
            (
                "semicolons with decimal commas",
                "first_name;last_name;email;height\nAnn;Lee;a@example.com;1,65\nBo;Kim;b@example.com;1,80\n", .semicolon
            ),
            ("tabs", "first_name\tlast_name\temail\nAnn\tLee\ta@example.com\n", .tab),
            ("commas, a semicolon in a name", "first_name,last_name,email\n\"Lee; Ann\",Lee,a@example.com\nBo,Kim,b@example.com\n", .comma),
            ("one column: the comma", "email\na@example.com\n", .comma),
            ("quoted commas in a semicolon file", "first_name;last_name;email\n\"Lee, Ann\";Lee;a@example.com\n", .semicolon),
        ]
        for (name, text, expected) in cases {
            XCTAssertEqual(ImportPreview(head: Array(text.utf8), isWholeFile: true, format: .csv).detectedSeparator, expected, name)
        }
        XCTAssertEqual(CSVSeparator(commandLineName: ";"), .semicolon)
        XCTAssertEqual(CSVSeparator(commandLineName: "TAB"), .tab)
        XCTAssertNil(CSVSeparator(commandLineName: "|"))
    }

    /// The header names of Triad's own files and of the usual contact exports, in the app's
    /// languages too, find their columns (index of first name, last name, e-mail, age).
    func testColumnsAreFoundByTheirUsualNames() {
        let cases: [(String, String, [Int?])] = [
            ("Triad's own", "first_name,last_name,email,age", [0, 1, 2, 3]),
            ("another order, other case", "EMAIL,Age,First Name,LAST_NAME", [2, 3, 0, 1]),
            (
                "Google (older)", "Name,Given Name,Additional Name,Family Name,Nickname,E-mail 1 - Type,E-mail 1 - Value,E-mail 2 - Value",
                [1, 3, 6, nil]
            ),
            ("Google", "First Name,Middle Name,Last Name,Phonetic First Name,E-mail 1 - Label,E-mail 1 - Value", [0, 2, 5, nil]),
            ("Thunderbird", "First Name,Last Name,Display Name,Nickname,Primary Email,Secondary Email", [0, 1, 4, nil]),
            ("Outlook", "Title,First Name,Middle Name,Last Name,Suffix,E-mail Address,E-mail 2 Address", [1, 3, 5, nil]),
            ("Japanese", "名,姓,電子メール アドレス,年齢", [0, 1, 2, 3]),
            ("Simplified Chinese", "姓,名,电子邮件地址,年龄", [1, 0, 2, 3]),
            ("Korean", "이름,성,이메일,나이", [0, 1, 2, 3]),
            ("nothing known", "name,mail_to,years", [nil, nil, nil, nil]),
            ("e-mail before mail", "mail,e-mail,given_name,surname", [2, 3, 1, nil]),
        ]
        for (name, header, expected) in cases {
            let names = header.split(separator: ",").map(String.init)
            let mapping = ColumnMapping.matching(names)
            XCTAssertEqual(UserField.allCases.map { mapping[$0]?.index }, expected, name)
        }
        XCTAssertEqual(ColumnMapping.matching(["name", "years"]).missing, [.firstName, .lastName, .email], "an age is not needed")
    }

    /// No column is taken by two fields, because no name a column goes by is one of two fields'.
    func testNoNameBelongsToTwoFields() {
        for field in UserField.allCases {
            for other in UserField.allCases where other != field {
                let shared = Set(UserField.names[field] ?? []).intersection(UserField.names[other] ?? [])
                XCTAssertEqual(shared, [], "\(field) and \(other)")
            }
        }
    }

    func testPreviewFollowsTheSeparatorAndTheCharacterSet() {
        var semicolons = ImportPreview(
            head: Array("first_name;last_name;email;age\nJosé;Núñez;jose@example.com;40\n".utf8),
            isWholeFile: true, format: .csv)
        XCTAssertEqual(semicolons.header, ["first_name", "last_name", "email", "age"])
        XCTAssertEqual(semicolons.rows, [.init(line: 2, fields: ["José", "Núñez", "jose@example.com", "40"], problem: nil)])
        semicolons.setSeparator(.comma)
        XCTAssertEqual(semicolons.header, ["first_name;last_name;email;age"], "one column once commas separate")
        XCTAssertEqual(semicolons.columns.missing, [.firstName, .lastName, .email])
        semicolons.setSeparator(.semicolon)
        XCTAssertEqual(semicolons.columnCount, 4)
        XCTAssertEqual(semicolons.importOptions, ImportOptions(format: .csv, encoding: .utf8, separator: .semicolon, columns: nil))

        var western = ImportPreview(
            head: cp1252("first_name,last_name,email\nZoë,Brontë,zoe@example.com\n"), isWholeFile: true, format: .csv)
        XCTAssertEqual(western.options.encoding, .windows1252)
        XCTAssertEqual(western.rows.first?.fields, ["Zoë", "Brontë", "zoe@example.com"])
        western.setColumn(.email, to: 0)
        western.setEncoding(.utf8)
        XCTAssertEqual(western.rows.first?.fields, ["Zo\u{FFFD}", "Bront\u{FFFD}", "zoe@example.com"], "the bytes read as UTF-8 are not")
        XCTAssertFalse(western.columnsChosen, "other text, other names: the columns are found again")
        XCTAssertEqual(western.columns[.email]?.name, "email")

        var unicodeText = ImportPreview(
            head: utf16("first_name\tlast_name\temail\nRenée\tMüller\trenee@example.com\n"),
            isWholeFile: true, format: .csv)
        XCTAssertEqual(unicodeText.options.encoding, .utf16LE)
        XCTAssertEqual(unicodeText.options.separator, .tab)
        XCTAssertEqual(unicodeText.header, ["first_name", "last_name", "email"], "the BOM is not part of the first name")
        XCTAssertEqual(unicodeText.rows.first?.fields, ["Renée", "Müller", "renee@example.com"])
        unicodeText.setColumn(.firstName, to: 1)
        unicodeText.setColumn(.lastName, to: 0)
        XCTAssertEqual(unicodeText.importOptions.columns?[.firstName], ColumnMapping.Column(index: 1, name: "last_name"))
        unicodeText.setSeparator(.comma)
        XCTAssertFalse(unicodeText.columnsChosen, "other columns: found again from their names")
    }

    /// The preview reads the head of a file only, and never shows a row the head cut short.
    func testPreviewReadsTheHeadOnly() throws {
        let directory = makeTemporaryDirectory(self)
        let path = "\(directory)/big.csv"
        var text = "first_name,last_name,email,age\n"
        for i in 0..<100_000 { text += "First\(i),Last\(i),user\(i)@example.com,\(i % 90)\n" }
        writeFile(path, Array(text.utf8))
        let preview = try ImportPreview.read(path: path, format: .csv)
        XCTAssertEqual(preview.head.count, ImportPreview.headSize)
        XCTAssertFalse(preview.isWholeFile)
        XCTAssertEqual(preview.fileSize, text.utf8.count)
        XCTAssertEqual(preview.rows.count, ImportPreview.rowLimit)
        XCTAssertEqual(preview.rows.last?.fields, ["First19", "Last19", "user19@example.com", "19"])

        let small = try ImportPreview.read(
            path: {
                writeFile("\(directory)/s.csv", Array("email\na@b.c".utf8))
                return "\(directory)/s.csv"
            }(),
            format: .csv)
        XCTAssertTrue(small.isWholeFile)
        XCTAssertEqual(small.rows.map(\.fields), [["a@b.c"]], "a whole file's last line is shown without a line break")
        XCTAssertThrowsError(try ImportPreview.read(path: "\(directory)/none.csv", format: .csv)) { error in
            XCTAssertEqual(error as? ImportError, .cannotOpen("No such file or directory"))
        }
        writeFile("\(directory)/empty.csv", [])
        XCTAssertThrowsError(try ImportPreview.read(path: "\(directory)/empty.csv", format: .csv)) { error in
            XCTAssertEqual(error as? ImportError, .empty)
        }
    }

    func testPreviewOfJSON() {
        let text = #"[{"email":"a@example.com","Given Name":"Ann","note":"x","Family Name":"Lee"},{"email":"b@example.com","age":3}]"#
        let preview = ImportPreview(head: Array(text.utf8), isWholeFile: true, format: .json)
        XCTAssertEqual(preview.header, ["Given Name", "Family Name", "email", "age", "note"], "the fields' keys first, in their order")
        XCTAssertEqual(preview.rows.map(\.fields), [["Ann", "Lee", "a@example.com", "", "x"], ["", "", "b@example.com", "3", ""]])
        XCTAssertEqual(preview.columns[.email]?.name, "email")
        XCTAssertNil(preview.problem)
        XCTAssertEqual(ImportPreview(head: Array("{}".utf8), isWholeFile: true, format: .json).problem, .notAList)
        XCTAssertEqual(ImportPreview(head: Array("[1,]".utf8), isWholeFile: true, format: .json).problem, .malformed(line: 1))
        // A head cut in the middle of an object is not an error: the objects before it are shown.
        let cut = ImportPreview(head: Array(#"[{"email":"a@example.com"},{"email":"b@exa"#.utf8), isWholeFile: false, format: .json)
        XCTAssertNil(cut.problem)
        XCTAssertEqual(cut.rows.count, 1)
        // The same text as a whole file is broken, objects read before the break or not; and a
        // head cut before its first object ends has nothing to show but the break.
        let broken = ImportPreview(head: Array(#"[{"email":"a@example.com"},{"email":"b@exa"#.utf8), isWholeFile: true, format: .json)
        XCTAssertEqual(broken.problem, .malformed(line: 1))
        let cutFirst = ImportPreview(head: Array(#"[{"email":"a@exa"#.utf8), isWholeFile: false, format: .json)
        XCTAssertEqual(cutFirst.problem, .malformed(line: 1))
    }
}
