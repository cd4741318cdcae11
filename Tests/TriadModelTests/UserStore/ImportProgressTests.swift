import XCTest

@testable import TriadModel

/// What an import tells its progress bar: the share read, rising, once every ten batches of
/// 2,048 rows and once at the end, so that a large file does not flood the main loop with
/// reports it cannot show any faster.
final class ImportProgressTests: XCTestCase {
    func testProgressIsToldEveryTenthBatchAndAtTheEnd() throws {
        // Nineteen batches: a report at the tenth (none at the ninth or the eighteenth) and at the
        // end; twenty-one: at the tenth, the twentieth (none at the eleventh) and the end.
        for batches in [19, 21] {
            let directory = makeTemporaryDirectory(self)
            let store = try Store(directory: directory)
            let path = "\(directory)/users.csv"
            let rows = batches * 2_048
            var text = "first_name,last_name,email,age\n"
            for i in 0..<rows { text += "F\(i),L\(i),u\(i)@example.com,\(i % 100)\n" }
            writeFile(path, Array(text.utf8))
            var reports: [Double] = []
            let report = try UserImporter.run(path: path, format: .csv, storePath: store.path, cancel: CancelFlag()) {
                reports.append($0)
            }.get()
            XCTAssertEqual(report.added, rows)
            XCTAssertEqual(reports.count, batches / 10 + 1, "\(batches) batches: \(reports)")
            XCTAssertEqual(reports.last, 1)
            XCTAssertEqual(reports, reports.sorted(), "the share only rises")
            XCTAssertEqual(reports.first ?? 0, 10.0 / Double(batches), accuracy: 0.1, "the tenth batch, give or take a read-ahead")
        }
    }
}
