import XCTest

@testable import TriadModel

/// What the users' tests share: a store of their own without the demo users, and CSV text
/// imported as the Users page imports a file.
extension XCTestCase {
    /// The header line of the CSV files the tests import.
    var header: String { "first_name,last_name,email,age\n" }

    func importCSV(_ text: String, into store: Store) throws -> ImportReport {
        try UserImporter.importRows(from: ByteReader(bytes: Array(text.utf8)), format: .csv, into: store.database)
    }

    func freshStore() throws -> Store {
        let store = try Store(directory: makeTemporaryDirectory(self))
        try store.database.execute("DELETE FROM users")
        return store
    }
}
