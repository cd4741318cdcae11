import XCTest

@testable import TriadModel

/// A search's export reads its users in blocks, one statement each; another window may change
/// the list meanwhile. The file is the list as it was when the export began: one read
/// transaction holds every block to that moment.
final class ExportSnapshotTests: XCTestCase {
    func testAnExportIsTheListAsItWasWhenItBegan() throws {
        let directory = makeTemporaryDirectory(self)
        let store = try Store(directory: directory)
        try store.database.execute("DELETE FROM users")
        var text = "first_name,last_name,email,age\n"
        for i in 0..<5_000 { text += "F\(i),L\(i),u\(i)@example.com,30\n" }
        let imported = try UserImporter.importRows(from: ByteReader(bytes: Array(text.utf8)), format: .csv, into: store.database)
        XCTAssertEqual(imported.added, 5_000)
        let other = try Database(path: store.path)
        var deleted = false
        var reports: [Double] = []
        let written = try UserExporter.run(
            to: "\(directory)/found.csv", format: .csv, search: "F", storePath: store.path, cancel: CancelFlag()
        ) { share in
            // The first report comes after 4,096 rows; the last user is in a later block.
            reports.append(share)
            guard !deleted else { return }
            deleted = true
            do {
                try other.execute("DELETE FROM users WHERE email = 'u4999@example.com'")
            } catch {
                XCTFail("another connection could not delete: \(error)")
            }
        }.get()
        XCTAssertTrue(deleted)
        XCTAssertEqual(try other.scalar("SELECT count(*) FROM users")?.integer, 4_999, "the delete was made")
        XCTAssertEqual(written, 5_000, "the user deleted during the export is in the file")
        XCTAssertEqual(reports, [4_096.0 / 5_000.0, 1], "told every 4,096 rows and at the end, not row by row")
    }
}
