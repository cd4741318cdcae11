import XCTest

@testable import TriadModel

/// UserTransfers.swift and ExportDestination.swift: where an export writes, from the name the
/// person chose, and the transfers run against the store they were made for.
final class UserTransfersTests: XCTestCase {
    func testTheFormatFollowsTheChosenNameAndANameWithoutOneGetsCSV() {
        let plain = ExportDestination(chosen: "/home/ann/users")
        XCTAssertEqual(plain.path, "/home/ann/users.csv")
        XCTAssertEqual(plain.format, .csv)
        XCTAssertEqual(plain.fileName, "users.csv")
        let json = ExportDestination(chosen: "/home/ann/People.JSON")
        XCTAssertEqual(json.path, "/home/ann/People.JSON")
        XCTAssertEqual(json.format, .json)
        XCTAssertEqual(ExportDestination(chosen: "/tmp/list.csv").path, "/tmp/list.csv")
        XCTAssertEqual(ExportDestination(chosen: "/tmp/notes.txt").path, "/tmp/notes.txt.csv", "another extension is kept, and .csv added")
        XCTAssertEqual(ExportDestination(chosen: "users.json").fileName, "users.json")
    }

    /// What one store's transfers export, another's import: each reads and writes its own store.
    func testAnExportImportsBackIntoAnotherStore() throws {
        let source = try freshStore()
        try source.database.transaction {
            try User(firstName: "Ann", lastName: "Lee", email: "ann@example.com", age: 30).insert(into: source.database)
            try User(firstName: "花子", lastName: "山田", email: "hanako@example.jp", age: nil).insert(into: source.database)
        }
        let destination = ExportDestination(chosen: "\(source.directory)/everyone.json")
        var shares: [Double] = []
        let exported = UserTransfers(store: source).exportUsers(to: destination, search: nil, cancel: CancelFlag()) { shares.append($0) }
        XCTAssertEqual(try exported.get(), 2)
        XCTAssertEqual(shares.last, 1)

        let target = try freshStore()
        let report = try UserTransfers(store: target).importUsers(
            from: destination.path, options: ImportOptions(format: .json), cancel: CancelFlag()
        ) { _ in }.get()
        XCTAssertEqual(report.added, 2)
        XCTAssertEqual(try target.database.scalar("SELECT count(*) FROM users WHERE email = 'hanako@example.jp'"), .integer(1))
        XCTAssertEqual(try source.database.scalar("SELECT count(*) FROM users"), .integer(2), "the source is only read")
    }
}
