import XCTest

@testable import TriadModel

/// What an import and an export report back to the window: the import's message lists at most
/// the first hundred skipped rows (and counts them all); an export's progress bar is told it
/// is done, even for a file too small for any report on the way.
final class TransferReportTests: XCTestCase {
    func testTheFirstHundredSkippedRowsAreKeptAndAllAreCounted() throws {
        let store = try Store(inMemory: ())
        try store.database.execute("DELETE FROM users")
        var text = "first_name,last_name,email,age\n"
        for line in 2...151 { text += "First\(line),Last\(line),not an address \(line),30\n" }
        text += "Ada,Lovelace,ada@example.org,36\n"
        let report = try UserImporter.importRows(from: ByteReader(bytes: Array(text.utf8)), format: .csv, into: store.database)
        XCTAssertEqual(report.skippedCount, 150)
        XCTAssertEqual(report.skipped.count, 100)
        XCTAssertEqual(report.skipped.first, SkippedRow(line: 2, problem: .malformedEmail))
        XCTAssertEqual(report.skipped.last, SkippedRow(line: 101, problem: .malformedEmail))
        XCTAssertEqual(report.added, 1)
        XCTAssertEqual(report.rows, 151, "every row of the file is either added or skipped")
    }

    func testAnExportEndsItsProgressAtTheWhole() throws {
        let directory = makeTemporaryDirectory(self)
        let store = try Store(directory: directory)
        var reports: [Double] = []
        let written = try UserExporter.run(
            to: "\(directory)/users.csv", format: .csv, storePath: store.path, cancel: CancelFlag()
        ) { reports.append($0) }.get()
        XCTAssertLessThan(written, 4_096, "a file too small for a report on the way")
        XCTAssertEqual(reports, [1])
    }

    /// Exports, finished or cancelled, leave no file open behind them: a window left open all
    /// day exports many times.
    func testAnExportLeavesNoFileOpen() throws {
        let directory = makeTemporaryDirectory(self)
        let store = try Store(directory: directory)
        func openFiles() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count }
        _ = UserExporter.run(to: "\(directory)/warm-up.csv", format: .csv, storePath: store.path, cancel: CancelFlag()) { _ in }
        let before = try openFiles()
        for format in [UserExporter.Format.csv, .json] {
            _ = try UserExporter.run(to: "\(directory)/users", format: format, storePath: store.path, cancel: CancelFlag()) { _ in }.get()
        }
        let cancelled = CancelFlag()
        cancelled.cancel()
        let result = UserExporter.run(to: "\(directory)/cancelled.csv", format: .csv, storePath: store.path, cancel: cancelled) { _ in }
        XCTAssertEqual(result, .failure(.cancelled))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(directory)/cancelled.csv"), "a cancelled export leaves no file")
        XCTAssertEqual(try openFiles(), before)
    }

    /// The message names the first five skipped rows, and says "…" only when there were more.
    func testTheMessageNamesFiveSkippedRowsThenSaysThereAreMore() {
        var report = ImportReport()
        report.added = 2
        for line in 2...7 {
            report.skipped.append(SkippedRow(line: line, problem: .ageNotANumber))
            report.skippedCount += 1
            XCTAssertEqual(report.message.hasSuffix(" …"), report.skippedCount > 5, report.message)
        }
        XCTAssertTrue(report.message.hasPrefix("2 users added. 6 rows skipped: line 2: "), report.message)
        XCTAssertFalse(report.message.contains("line 7"), "the sixth row is the ellipsis")
        var clean = ImportReport()
        clean.added = 2
        XCTAssertEqual(clean.message, "2 users added.", "nothing skipped: nothing said of it")
    }
}
