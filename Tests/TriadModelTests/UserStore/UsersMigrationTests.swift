import XCTest

@testable import TriadModel

/// The store's fifth schema: an age may be unknown. Tested from a store of the schema before it,
/// as people's stores are (Store/StoreMigrations.swift).
final class UsersMigrationTests: XCTestCase {
    /// A store as the previous version of Triad left it: four migrations, and users.
    private func storeOfTheFourthSchema(users: Int) throws -> String {
        let directory = makeTemporaryDirectory(self)
        let database = try Database(path: "\(directory)/\(DataLocation.fileName)")
        try Store.configure(database)
        try database.transaction {
            for version in 0..<4 { try Store.migrations[version](database) }
            try database.setUserVersion(4)
            let insert = try database.statement("INSERT INTO users (first_name, last_name, email, age) VALUES (?, ?, ?, ?)")
            for i in 0..<users {
                _ = try insert.run { row in
                    row.text(1, i == 1 ? "Zoë" : "First\(i)")
                    row.text(2, "Last\(i)")
                    row.text(3, "User\(i)@Example.com")
                    row.integer(4, Int64([0, 150, 37][i % 3]))
                }
            }
        }
        XCTAssertThrowsError(
            try database.execute("INSERT INTO users (first_name, last_name, email, age) VALUES ('a', 'b', 'c@d.e', NULL)"),
            "the fourth schema has no room for an unknown age")
        return directory
    }

    func testAStoreOfTheFourthSchemaKeepsItsUsersAndTakesUnknownAges() throws {
        let directory = try storeOfTheFourthSchema(users: 1000)
        let store = try Store(directory: directory)
        let database = store.database
        XCTAssertEqual(database.userVersion, Store.schemaVersion, "migrated to the newest schema")
        XCTAssertFalse(store.isNew, "an existing store gets no demo users")
        XCTAssertEqual(try database.scalar("SELECT count(*) FROM users")?.integer, 1000)
        XCTAssertEqual(
            try database.rows("SELECT id, first_name, last_name, email, age FROM users WHERE id IN (1, 2, 1000) ORDER BY id"),
            [
                [.integer(1), .text("First0"), .text("Last0"), .text("User0@Example.com"), .integer(0)],
                [.integer(2), .text("Zoë"), .text("Last1"), .text("User1@Example.com"), .integer(150)],
                [.integer(1000), .text("First999"), .text("Last999"), .text("User999@Example.com"), .integer(0)],
            ], "every row kept, with its id")
        try User(firstName: "Ann", lastName: "Lee", email: "ann@example.com", age: nil).insert(into: database)
        XCTAssertEqual(try database.scalar("SELECT age IS NULL FROM users WHERE email = 'ann@example.com'")?.integer, 1)
        for (sql, what) in [
            ("INSERT INTO users (first_name, last_name, email, age) VALUES ('a', 'b', 'x@y.z', 151)", "a known age is still checked"),
            ("INSERT INTO users (first_name, last_name, email, age) VALUES (NULL, 'b', 'x@y.z', 1)", "names are still needed"),
            (
                "INSERT INTO users (first_name, last_name, email, age) VALUES ('a', 'b', 'USER5@example.COM', 1)",
                "e-mail addresses are still unique, in any case"
            ),
        ] {
            XCTAssertThrowsError(try database.execute(sql), what)
        }
        let indexes = try database.rows("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users' ORDER BY name")
        XCTAssertEqual(indexes, [[.text("sqlite_autoindex_users_1")], [.text("users_first_name")], [.text("users_last_name")]])
        XCTAssertEqual(try database.scalar("PRAGMA integrity_check")?.text, "ok")
        XCTAssertEqual(try UserSearch.matching(in: database, query: "zo").count, 1, "the search's indexes answer as before")
        // The migrated table is the one a new store makes.
        let fresh = try Store(directory: makeTemporaryDirectory(self))
        let schema = "SELECT sql FROM sqlite_master WHERE tbl_name = 'users' ORDER BY name"
        XCTAssertEqual(try database.rows(schema), try fresh.database.rows(schema))
    }

    /// A failure inside the migration leaves the store as it was: the rebuild is one transaction.
    func testAFailedMigrationLeavesTheOldTable() throws {
        let directory = try storeOfTheFourthSchema(users: 10)
        let database = try Database(path: "\(directory)/\(DataLocation.fileName)")
        // A table in the way of the rebuild's new one makes it fail half-way.
        try database.execute("CREATE TABLE users_new (x)")
        XCTAssertThrowsError(try Store(directory: directory))
        XCTAssertEqual(database.userVersion, 4)
        XCTAssertEqual(try database.scalar("SELECT count(*) FROM users")?.integer, 10)
        XCTAssertThrowsError(try database.execute("INSERT INTO users (first_name, last_name, email, age) VALUES ('a', 'b', 'c@d.e', NULL)"))
    }
}
