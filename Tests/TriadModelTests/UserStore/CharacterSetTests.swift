import XCTest

@testable import TriadModel

/// The character sets byte by byte: every byte Windows-1252 gives its own meaning (0x80–0x9F,
/// where it parts from Latin-1), characters outside the Basic Multilingual Plane in UTF-16 files
/// (a surrogate pair, even one cut by the end of a chunk the reader reads), and JSON's `\u`
/// escapes of them (Import/CharsetDecoder.swift, ByteReader.swift, JSONStreamParser.swift).
final class CharacterSetTests: XCTestCase {
    /// Windows-1252's bytes 0x80–0x9F as Microsoft's table maps them, nil for the five it leaves
    /// undefined (the fuzz targets' oracle decodes by it too).
    static let windows1252 = IndependentDecoding.windows1252

    private func importFile(_ bytes: [UInt8], options: ImportOptions) throws -> (ImportReport, [String: [SQLValue]]) {
        let directory = makeTemporaryDirectory(self)
        let store = try Store(directory: directory)
        try store.database.execute("DELETE FROM users")
        writeFile("\(directory)/people", bytes)
        let report = try UserImporter.run(path: "\(directory)/people", options: options, storePath: store.path, cancel: CancelFlag()) { _ in
        }.get()
        var users: [String: [SQLValue]] = [:]
        for row in try store.database.rows("SELECT email, first_name, last_name FROM users") {
            users[row[0].text ?? ""] = Array(row.dropFirst())
        }
        return (report, users)
    }

    /// Each byte from 0x80 to 0x9F, in a name: the 27 Windows-1252 defines are read as their
    /// characters; the 5 it leaves undefined cost their row, reported by line in the file's
    /// character set (the preview shows U+FFFD for them), and are never dropped from a name that
    /// is then stored without them. In a column the import does not use, they cost nothing.
    func testEveryWindows1252ByteFrom0x80To0x9F() throws {
        XCTAssertEqual(Self.windows1252.map(\.byte), Array(0x80...0x9F), "the table is the bytes in order, each once")
        var file = Array("first_name,last_name,email,note\r\n".utf8)
        for (byte, _) in Self.windows1252 {
            file += Array("A".utf8) + [byte] + Array("b,Lee,u\(byte)@example.com,".utf8) + [byte] + [0x0D, 0x0A]
        }
        file += Array("Bo,Kim,bo@example.com,".utf8) + [0x81, 0x8D, 0x8F, 0x90, 0x9D] + [0x0D, 0x0A]
        let (report, users) = try importFile(file, options: ImportOptions(encoding: .windows1252))
        var skipped: [SkippedRow] = []
        for (index, (byte, character)) in Self.windows1252.enumerated() {
            let name = String(format: "0x%02X", byte)
            let converted = CharsetDecoder.convert([byte], from: .windows1252, isWholeFile: true)
            if let character {
                XCTAssertEqual(converted, Array(String(character).utf8), "\(name) converts to U+\(String(character.value, radix: 16))")
                XCTAssertEqual(
                    users["u\(byte)@example.com"], [.text("A\(character)b"), .text("Lee")], "\(name) is stored as its character")
            } else {
                XCTAssertEqual(converted, [CharsetDecoder.invalid], "\(name) is no character: marked, not dropped")
                XCTAssertNil(users["u\(byte)@example.com"], "\(name): its row is not stored without it")
                skipped.append(SkippedRow(line: index + 2, problem: .invalidText("Windows-1252")))
            }
        }
        XCTAssertEqual(report.skipped, skipped, "the rows of the five undefined bytes, at their lines")
        XCTAssertEqual(report.added, 28, report.message)
        XCTAssertEqual(users["bo@example.com"], [.text("Bo"), .text("Kim")], "the undefined bytes in the note, which is not imported")
        XCTAssertTrue(
            report.message.hasPrefix("28 users added. 5 rows skipped: line 3: the text is not valid Windows-1252; line 15: "),
            report.message)

        let preview = ImportPreview(head: Array(file.prefix(200)), isWholeFile: false, format: .csv)
        XCTAssertEqual(preview.options.encoding, .windows1252)
        XCTAssertEqual(
            preview.rows.prefix(4).map { $0.fields[0] }, ["A\u{20AC}b", "A\u{FFFD}b", "A\u{201A}b", "A\u{0192}b"],
            "the preview shows U+FFFD where the byte is no character")
    }

    /// An emoji (U+1F600, a surrogate pair in UTF-16) through UTF-16 LE and BE files with their
    /// byte order marks: in a row of its own, in every row of a file of many chunks, and with its
    /// pair cut by the end of the first chunk the reader reads.
    func testEmojiThroughUTF16Files() throws {
        let chunk = 1 << 16  // ByteReader reads a converted file this many bytes at a time
        var text = "first_name\tlast_name\temail\n\u{1F600}\tLee\u{1F600}\tann@example.com\n"
        // Rows of plain text up to a little before the end of the first chunk, then one whose
        // emoji's first half is the chunk's last two bytes and its second half the next chunk's first.
        var padding = 0
        while 2 + 2 * text.utf16.count < chunk - 300 {
            text += "P\(padding)\tKim\tp\(padding)@example.com\n"
            padding += 1
        }
        let cut = "E" + String(repeating: "x", count: (chunk - 6 - 2 * text.utf16.count) / 2) + "\u{1F600}"
        let cutAt = 2 + 2 * (text.utf16.count + cut.utf16.count - 2)
        XCTAssertEqual(cutAt, chunk - 2, "the emoji's high surrogate ends the first chunk")
        text += "\(cut)\tCut\tcut@example.com\n"
        for i in 0..<3000 { text += "\u{1F600}\(i)\t\u{1F389}Ng\u{1F600}\te\(i)@example.com\n" }
        for bigEndian in [false, true] {
            let name = bigEndian ? "UTF-16 BE" : "UTF-16 LE"
            let bytes = ImportedFilesTests.utf16(text, bigEndian: bigEndian)
            XCTAssertEqual(
                Array(bytes[(chunk - 2)..<(chunk + 2)]), bigEndian ? [0xD8, 0x3D, 0xDE, 0x00] : [0x3D, 0xD8, 0x00, 0xDE],
                "\(name): U+1F600 as D83D DE00 across the chunks' border")
            let preview = ImportPreview(head: Array(bytes.prefix(ImportPreview.headSize)), isWholeFile: false, format: .csv)
            XCTAssertEqual(preview.options.encoding, bigEndian ? .utf16BE : .utf16LE, name)
            XCTAssertEqual(preview.rows.first?.fields, ["\u{1F600}", "Lee\u{1F600}", "ann@example.com"], name)
            let (report, users) = try importFile(bytes, options: preview.importOptions)
            XCTAssertEqual(report.added, 3002 + padding, "\(name): \(report.message)")
            XCTAssertEqual(users["ann@example.com"], [.text("\u{1F600}"), .text("Lee\u{1F600}")], name)
            XCTAssertEqual(users["cut@example.com"], [.text(cut), .text("Cut")], "\(name): the pair cut by the chunk arrives whole")
            for i in 0..<3000 {
                XCTAssertEqual(users["e\(i)@example.com"], [.text("\u{1F600}\(i)"), .text("\u{1F389}Ng\u{1F600}")], "\(name), row \(i)")
            }
        }
    }

    private func string(_ json: String) throws -> JSONValue? {
        let parser = JSONStreamParser(ByteReader(bytes: Array("[\(json)]".utf8)))
        XCTAssertTrue(try parser.beginArray())
        return try parser.nextElement()
    }

    /// `\u` escapes of a surrogate pair are one character; half a pair is a string that costs
    /// its row (named by its first lone escape, in capitals), never a half dropped in silence.
    func testSurrogateEscapesInJSONStrings() throws {
        let cases: [(json: String, read: JSONValue)] = [
            (#""\uD83D\uDE00""#, .string("\u{1F600}")),
            (#""a\ud83d\ude00b""#, .string("a\u{1F600}b")),
            (#""\uD83D\uDE00\uD83C\uDF89""#, .string("\u{1F600}\u{1F389}")),
            (#""\u00e9\u20AC""#, .string("\u{E9}\u{20AC}")),
            (#""\uD83D""#, .loneSurrogate(text: "\u{FFFD}", escape: #"\uD83D"#)),
            (#""Ann\ud83d""#, .loneSurrogate(text: "Ann\u{FFFD}", escape: #"\uD83D"#)),
            (#""\uD83Dx""#, .loneSurrogate(text: "\u{FFFD}x", escape: #"\uD83D"#)),
            (#""\uD83D\n""#, .loneSurrogate(text: "\u{FFFD}\n", escape: #"\uD83D"#)),
            (#""\uD83D\u0041""#, .loneSurrogate(text: "\u{FFFD}A", escape: #"\uD83D"#)),
            (#""\uD83D\uD83D\uDE00""#, .loneSurrogate(text: "\u{FFFD}\u{1F600}", escape: #"\uD83D"#)),
            (#""\uDE00""#, .loneSurrogate(text: "\u{FFFD}", escape: #"\uDE00"#)),
            (#""\uDE00\uD83D""#, .loneSurrogate(text: "\u{FFFD}\u{FFFD}", escape: #"\uDE00"#)),
            (#""\uD83Dabc\uDE00""#, .loneSurrogate(text: "\u{FFFD}abc\u{FFFD}", escape: #"\uD83D"#)),
            (#""\uDBFF\uDFFF\uD800""#, .loneSurrogate(text: "\u{10FFFF}\u{FFFD}", escape: #"\uD800"#)),
        ]
        for (json, read) in cases {
            XCTAssertEqual(try string(json), read, json)
        }
    }

    /// A row whose used field holds half a surrogate pair is skipped at its line, saying which
    /// field and which escape; the rows around it are read on, and half a pair in a key the
    /// import does not use, or in the key's own name, is shown for what it is.
    func testALoneSurrogateEscapeCostsItsRow() throws {
        let store = try Store(inMemory: ())
        try store.database.execute("DELETE FROM users")
        let file = #"""
            [{"first_name":"Ann\uD83D","last_name":"Lee","email":"ann@example.com"},
             {"first_name":"Bo","last_name":"\uDE00Kim","email":"bo@example.com"},
             {"first_name":"Cy \uD83D\uDE00","last_name":"Ng","email":"cy@example.com"},
             {"first_name":"Di","last_name":"Ott","email":"di@example.com","note":"\uD800"},
             {"first_name":"Ed","last_name":"Poe","e\uD800mail":"ed@example.com"},
             {"first_name":"Flo","last_name":"Rey","email":"flo@example.com","age":"\uDFFF"}]
            """#
        let report = try UserImporter.importRows(from: ByteReader(bytes: Array(file.utf8)), format: .json, into: store.database)
        XCTAssertEqual(
            report.skipped,
            [
                SkippedRow(line: 1, problem: .loneSurrogate(field: "first_name", escape: #"\uD83D"#)),
                SkippedRow(line: 2, problem: .loneSurrogate(field: "last_name", escape: #"\uDE00"#)),
                SkippedRow(line: 5, problem: .missingField("email")),
                SkippedRow(line: 6, problem: .loneSurrogate(field: "age", escape: #"\uDFFF"#)),
            ])
        XCTAssertEqual(
            report.message,
            #"2 users added. 4 rows skipped: line 1: first_name holds the escape \uD83D, half of a character "#
                + #"whose other half is missing; line 2: last_name holds the escape \uDE00, half of a character whose other half "#
                + #"is missing; line 5: email is missing; line 6: age holds the escape \uDFFF, half of a character whose other "#
                + "half is missing")
        XCTAssertEqual(try store.database.rows("SELECT first_name FROM users ORDER BY id"), [[.text("Cy \u{1F600}")], [.text("Di")]])
        let preview = ImportPreview(head: Array(file.utf8), isWholeFile: true, format: .json)
        XCTAssertEqual(preview.header, ["first_name", "last_name", "email", "age", "e\u{FFFD}mail", "note"])
        XCTAssertEqual(preview.rows.first?.fields.first, "Ann\u{FFFD}", "the preview shows U+FFFD where the half is")
    }
}
