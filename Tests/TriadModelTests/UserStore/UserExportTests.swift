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
