import Glibc
import XCTest

@testable import TriadModel

/// Exporting the list (UserStore/Export/): CSV as RFC 4180 writes it, or JSON; all users or a
/// search's result; and what is exported imports back to the same users.
final class UserExportTests: XCTestCase {
    private static let awkward = [
        User(firstName: "Ann, Jr.", lastName: "O\"Brien", email: "ann@example.com", age: 30),
        User(firstName: "Multi\nLine", lastName: "Carriage\rReturn", email: "multi@example.com", age: nil),
        User(firstName: "花子", lastName: "山田", email: "hanako@example.jp", age: 0),
        User(firstName: "Back\\slash", lastName: "Tab\there", email: "back@example.com", age: 150),
    ]

    private func store(with users: [User]) throws -> Store {
        let store = try Store(directory: makeTemporaryDirectory(self))
        try store.database.execute("DELETE FROM users")
        try store.database.transaction { for user in users { try user.insert(into: store.database) } }
        return store
    }

    private func users(in store: Store) throws -> [User] {
        try store.database.rows("SELECT first_name, last_name, email, age FROM users ORDER BY id").map {
            User(firstName: $0[0].text ?? "", lastName: $0[1].text ?? "", email: $0[2].text ?? "", age: $0[3].integer.map { Int($0) })
        }
    }

    private func export(_ store: Store, to name: String, search: String? = nil) throws -> (String, Int) {
        let path = "\(store.directory)/\(name)"
        let format = try XCTUnwrap(UserExporter.Format(fileName: name))
        let count = try UserExporter.run(to: path, format: format, search: search, storePath: store.path, cancel: CancelFlag()) { _ in }
            .get()
        return (path, count)
    }

    func testCSVIsRFC4180WithTriadsHeader() throws {
        let store = try store(with: Self.awkward)
        let (path, count) = try export(store, to: "users.csv")
        XCTAssertEqual(count, 4)
        XCTAssertEqual(
            String(decoding: readFile(path), as: UTF8.self),
            """
            first_name,last_name,email,age\r
            "Ann, Jr.","O""Brien",ann@example.com,30\r
            "Multi
            Line","Carriage\rReturn",multi@example.com,\r
            花子,山田,hanako@example.jp,0\r
            Back\\slash,Tab\there,back@example.com,150\r

            """)
    }

    func testJSONEscapesWhatItMust() throws {
        let store = try store(with: Array(Self.awkward.prefix(2)))
        let (path, _) = try export(store, to: "USERS.JSON")
        XCTAssertEqual(
            String(decoding: readFile(path), as: UTF8.self),
            """
            [
            {"first_name":"Ann, Jr.","last_name":"O\\"Brien","email":"ann@example.com","age":30},
            {"first_name":"Multi\\nLine","last_name":"Carriage\\rReturn","email":"multi@example.com","age":null}
            ]

            """)
        let empty = try self.store(with: [])
        XCTAssertEqual(String(decoding: readFile(try export(empty, to: "none.json").0), as: UTF8.self), "[]\n")
    }

    /// Each format imports back to the same users, unknown ages and awkward names included.
    /// A control character JSON has no short escape for is written as `\u00` and two lowercase
    /// hex digits: 0x19 and 0x1A are the two sides of the digits' turn from 9 to a.
    func testJSONWritesOtherControlCharactersAsHexEscapes() throws {
        let store = try store(with: [User(firstName: "a\u{19}b\u{1A}c\u{01}", lastName: "Tab\there", email: "c@example.com", age: 1)])
        let (path, _) = try export(store, to: "control.json")
        XCTAssertEqual(
            String(decoding: readFile(path), as: UTF8.self),
            """
            [
            {"first_name":"a\\u0019b\\u001ac\\u0001","last_name":"Tab\\there","email":"c@example.com","age":1}
            ]

            """)
    }

    /// A backspace and a form feed have JSON's short escapes, as a session's file writes them (one
    /// escaper writes both).
    func testJSONWritesABackspaceAndAFormFeedWithTheirShortEscapes() throws {
        let store = try store(with: [User(firstName: "a\u{08}b", lastName: "c\u{0C}d", email: "e@example.com", age: 2)])
        let (path, _) = try export(store, to: "short.json")
        XCTAssertEqual(
            String(decoding: readFile(path), as: UTF8.self),
            "[\n{\"first_name\":\"a\\bb\",\"last_name\":\"c\\fd\",\"email\":\"e@example.com\",\"age\":2}\n]\n")
    }

    /// Rows whose every byte is escaped in JSON (six bytes for each), some far larger than the
    /// writer's buffer and many that end near its end, are each written whole where they belong:
    /// a row is never given less room than it takes.
    func testRowsOfEscapesAroundAndPastTheBufferAreWrittenWhole() throws {
        let lengths = (0..<120).map { 300 + 37 * $0 } + [11_000, 16_000, 5, 24_000]
        let users = lengths.enumerated().map { index, length in
            User(
                firstName: String(repeating: "\u{01}", count: length), lastName: String(repeating: "\u{1F}", count: length / 2),
                email: String(repeating: "\u{02}", count: length / 3), age: index % 151)
        }
        let store = try store(with: users)
        func escaped(_ text: String) -> String {
            text.unicodeScalars.map { "\\u00" + ($0.value < 0x10 ? "0" : "") + String($0.value, radix: 16) }.joined()
        }
        let rows = users.map {
            "{\"first_name\":\"\(escaped($0.firstName))\",\"last_name\":\"\(escaped($0.lastName))\","
                + "\"email\":\"\(escaped($0.email))\",\"age\":\($0.age ?? 0)}"
        }
        let (json, count) = try export(store, to: "escapes.json")
        XCTAssertEqual(count, users.count)
        let written = String(decoding: readFile(json), as: UTF8.self)
        let expected = "[\n" + rows.joined(separator: ",\n") + "\n]\n"
        XCTAssertEqual(written.utf8.count, expected.utf8.count)
        let alike = zip(written.utf8, expected.utf8).prefix { $0 == $1 }.count
        XCTAssertTrue(written == expected, "the JSON differs from byte \(alike) on")
        let (csv, _) = try export(store, to: "escapes.csv")
        let lines = users.map { "\($0.firstName),\($0.lastName),\($0.email),\($0.age ?? 0)\r\n" }
        XCTAssertTrue(String(decoding: readFile(csv), as: UTF8.self) == "first_name,last_name,email,age\r\n" + lines.joined())
    }

    /// An exported file can be read by others and run by nobody, as a text file is made
    /// (`rw-r--r--` less what the umask takes).
    func testAnExportedFileIsMadeReadableAndNotExecutable() throws {
        let store = try store(with: Self.awkward)
        let (path, _) = try export(store, to: "mode.csv")
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        // The umask as the process has it, read without setting it (umask(2) can only swap it).
        let status = String(decoding: readFile("/proc/self/status"), as: UTF8.self)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        let mask = try XCTUnwrap(mode_t(String(line.dropFirst("Umask:".count)).trimmingWhitespace, radix: 8))
        XCTAssertEqual(info.st_mode & 0o777, 0o644 & ~mask)
    }

    func testWhatIsExportedImportsBack() throws {
        let store = try store(with: Self.awkward)
        for name in ["round.csv", "round.json"] {
            let (path, _) = try export(store, to: name)
            let target = try self.store(with: [])
            let preview = try ImportPreview.read(path: path, format: name.hasSuffix(".json") ? .json : .csv)
            let report = try UserImporter.run(path: path, options: preview.importOptions, storePath: target.path, cancel: CancelFlag()) {
                _ in
            }.get()
            XCTAssertEqual(report.added, 4, "\(name): \(report.message)")
            XCTAssertEqual(try users(in: target), Self.awkward, name)
        }
    }

    func testASearchExportsItsResultOnly() throws {
        let store = try store(with: Self.awkward + [User(firstName: "Annabel", lastName: "Ng", email: "bel@example.com", age: 9)])
        let (path, count) = try export(store, to: "found.csv", search: "ann")
        XCTAssertEqual(count, 2)
        XCTAssertEqual(
            String(decoding: readFile(path), as: UTF8.self).split(separator: "\r\n").map(String.init),
            ["first_name,last_name,email,age", "\"Ann, Jr.\",\"O\"\"Brien\",ann@example.com,30", "Annabel,Ng,bel@example.com,9"])
    }

    func testFileNamesAndFailures() throws {
        XCTAssertEqual(UserExporter.Format(fileName: "a.CSV"), .csv)
        XCTAssertEqual(UserExporter.Format(fileName: "/x/b.json"), .json)
        XCTAssertNil(UserExporter.Format(fileName: "users.txt"))
        let store = try store(with: Self.awkward)
        let missing = UserExporter.run(
            to: "\(store.directory)/no/such/folder.csv", format: .csv, storePath: store.path, cancel: CancelFlag()
        ) { _ in }
        XCTAssertEqual(missing, .failure(.cannotWrite("No such file or directory")))
        XCTAssertEqual(ExportError.cannotWrite("Permission denied").message, "The file cannot be written: Permission denied")
        // The store only read: one that is gone (moved away meanwhile) is a failure, and is not
        // made anew, empty, by the export.
        let gone = "\(store.directory)/gone/users.sqlite3"
        try FileManager.default.createDirectory(atPath: "\(store.directory)/gone", withIntermediateDirectories: false)
        let unread = UserExporter.run(to: "\(store.directory)/out.csv", format: .csv, storePath: gone, cancel: CancelFlag()) { _ in }
        guard case .failure(.storage) = unread else { return XCTFail("exported from a store that is gone: \(unread)") }
        XCTAssertNotEqual(access(gone, F_OK), 0, "no store is made where there was none")
        XCTAssertNotEqual(access("\(store.directory)/out.csv", F_OK), 0, "and no file is written")
        // Cancel: no file is left behind.
        try UserGenerator.generate(20_000, into: store)
        let cancel = CancelFlag()
        let path = "\(store.directory)/cancelled.csv"
        let result = UserExporter.run(to: path, format: .csv, storePath: store.path, cancel: cancel) { _ in cancel.cancel() }
        XCTAssertEqual(result, .failure(.cancelled))
        XCTAssertNotEqual(access(path, F_OK), 0, "the cancelled export's file is removed")
    }

    /// A million users out and back in: every value arrives (compared by SQL over both stores).
    /// They are made by SQLite itself, which is quicker than a debug build's generator; one in a
    /// thousand has an unknown age, one in a thousand a name that must be quoted.
    func testAMillionUsersRoundTrip() throws {
        let source = try store(with: [])
        try source.database.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
            INSERT INTO users (first_name, last_name, email, age)
            SELECT CASE i % 1000 WHEN 3 THEN 'Ann, "Jr."' WHEN 5 THEN 'Multi' || char(13, 10) || 'Line' ELSE 'First' || i END,
                   CASE i % 7 WHEN 0 THEN 'Brontë' ELSE 'Last' || (i % 5000) END, 'user' || i || '@example.com',
                   CASE i % 1000 WHEN 7 THEN NULL ELSE i % 151 END
            FROM n
            """)
        let (path, count) = try export(source, to: "million.csv")
        XCTAssertEqual(count, 1_000_000)
        let target = try store(with: [])
        let report = try UserImporter.run(path: path, format: .csv, storePath: target.path, cancel: CancelFlag()) { _ in }.get()
        XCTAssertEqual(report.added, 1_000_000, report.message)
        try target.database.execute("ATTACH DATABASE ? AS source", [.text(source.path)])
        let columns = "first_name, last_name, email, age"
        for (a, b) in [("main", "source"), ("source", "main")] {
            XCTAssertEqual(
                try target.database.scalar(
                    "SELECT count(*) FROM (SELECT \(columns) FROM \(a).users EXCEPT SELECT \(columns) FROM \(b).users)")?.integer,
                0, "every user of \(a) is in \(b)")
        }
        XCTAssertEqual(try target.database.scalar("SELECT count(*) FROM users WHERE age IS NULL")?.integer, 1000)
    }
}
