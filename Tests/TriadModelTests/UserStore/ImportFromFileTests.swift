import XCTest

@testable import TriadModel

/// Imports from real files, as the window runs them: streamed and reported, large ones kept whole
/// and cancelled cleanly, hostile ones refused with a message.
final class ImportFromFileTests: XCTestCase {
    func testImportFromFileStreamsAndReports() throws {
        let directory = makeTemporaryDirectory(self)
        let store = try Store(directory: directory)
        XCTAssertTrue(try DemoUsers.addIfNew(to: store), "a new store gets the demo users")
        XCTAssertFalse(try DemoUsers.addIfNew(to: Store(directory: directory)), "an existing one does not")
        let path = "\(directory)/users.csv"
        writeFile(path, Array((header + "Ann,Lee,ann@example.com,30\nBo,Kim,bo@example.com,x\nCy,Ng,cy@example.com,5\n").utf8))
        var fractions: [Double] = []
        let result = UserImporter.run(path: path, format: .csv, storePath: store.path, cancel: CancelFlag()) { fractions.append($0) }
        let report = try result.get()
        XCTAssertEqual(report.added, 2)
        XCTAssertEqual(report.message, "2 users added. 1 row skipped: line 3: age is not a number")
        XCTAssertEqual(fractions.last, 1)
        XCTAssertEqual(try store.database.scalar("SELECT count(*) FROM users")?.integer, 5, "3 seed users + 2")
        XCTAssertEqual(
            UserImporter.run(path: "\(directory)/missing.csv", format: .csv, storePath: store.path, cancel: CancelFlag()) { _ in },
            .failure(.cannotOpen("No such file or directory")))
    }

    /// A file of many 64 KiB chunks, quoted and plain lines mixed, through the two threads: every
    /// row arrives with its values, skipped lines keep their numbers, and the name indexes that
    /// were set aside for the rows are back.
    func testLargeFileKeepsEveryValueLineAndIndex() throws {
        let directory = makeTemporaryDirectory(self)
        let store = try Store(directory: directory)
        let path = "\(directory)/users.csv"
        var text = header
        for i in 0..<30_000 {
            switch i % 1000 {
            case 7: text += "\"Quoted, \(i)\",\"Multi\nLine\",q\(i)@example.com,\(i % 100)\r\n"
            case 500: text += "Bad\(i),Age,bad\(i)@example.com,old\n"
            default: text += "First\(i),Last\(i),user\(i)@example.com,\(i % 100)\n"
            }
        }
        writeFile(path, Array(text.utf8))
        let report = try UserImporter.run(path: path, format: .csv, storePath: store.path, cancel: CancelFlag()) { _ in }.get()
        XCTAssertEqual(report.added, 29_970)
        XCTAssertEqual(report.skippedCount, 30)
        // Line numbers count the quoted rows' inner line breaks: row i is on line 2 + i + (quoted rows before it).
        XCTAssertEqual(report.skipped.first, SkippedRow(line: 2 + 500 + 1, problem: .ageNotANumber))
        XCTAssertEqual(report.skipped.last, SkippedRow(line: 2 + 29_500 + 30, problem: .ageNotANumber))
        let database = store.database
        XCTAssertEqual(
            try database.rows("SELECT first_name, last_name, age FROM users WHERE email = 'q15007@example.com'"),
            [[.text("Quoted, 15007"), .text("Multi\nLine"), .integer(7)]])
        XCTAssertEqual(
            try database.rows("SELECT first_name, last_name, age FROM users WHERE email = 'user29999@example.com'"),
            [[.text("First29999"), .text("Last29999"), .integer(99)]])
        let indexes = try database.rows(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users' AND sql IS NOT NULL ORDER BY name")
        XCTAssertEqual(indexes, [[.text("users_first_name")], [.text("users_last_name")]])
        XCTAssertEqual(try database.scalar("PRAGMA integrity_check")?.text, "ok")
    }

    /// Cancel while the reading thread is ahead: the import stops, the store and its indexes are
    /// as before, and the thread is gone (a second import works).
    func testCancelDuringALargeImportRestoresTheStore() throws {
        let directory = makeTemporaryDirectory(self)
        let store = try Store(directory: directory)
        let before = try store.database.scalar("SELECT count(*) FROM users")?.integer
        let path = "\(directory)/users.csv"
        var text = header
        for i in 0..<100_000 { text += "F\(i),L\(i),u\(i)@example.com,\(i % 100)\n" }
        writeFile(path, Array(text.utf8))
        let cancel = CancelFlag()
        var progressCalls = 0
        let result = UserImporter.run(path: path, format: .csv, storePath: store.path, cancel: cancel) { _ in
            progressCalls += 1
            cancel.cancel()
        }
        XCTAssertEqual(result, .failure(.cancelled))
        XCTAssertEqual(progressCalls, 1, "cancelled at the first progress report, long before the end")
        XCTAssertEqual(try store.database.scalar("SELECT count(*) FROM users")?.integer, before)
        XCTAssertEqual(
            try store.database.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name LIKE 'users_%_name'")?.integer, 2)
        let again = try UserImporter.run(path: path, format: .csv, storePath: store.path, cancel: CancelFlag()) { _ in }.get()
        XCTAssertEqual(again.added, 100_000)
    }

    /// The hostile files (JSON nested too deep, a line too long to hold), through the same path
    /// as the window (UserImporter.run on a file): refused or skipped with a message, nothing
    /// crashes.
    func testHostileFiles() throws {
        let directory = makeTemporaryDirectory(self)
        let store = try Store(directory: directory)
        let nested = "\(directory)/nested.json"
        writeFile(nested, Array(String(repeating: "[", count: 100_000).utf8) + Array(String(repeating: "]", count: 100_000).utf8))
        let nestedResult = UserImporter.run(path: nested, format: .json, storePath: store.path, cancel: CancelFlag()) { _ in }
        guard case .failure(let nestedError) = nestedResult else { return XCTFail("100,000 nested arrays were accepted: \(nestedResult)") }
        XCTAssertTrue(nestedError.message.hasPrefix("The file is not valid at line 1"), nestedError.message)

        // 16 MB in one line with no newline, after a valid header: one row, far too long. (A
        // longer line only takes longer to read; streaming makes its size no matter.)
        let long = "\(directory)/long.csv"
        guard let file = fopen(long, "wb") else { return XCTFail("cannot write \(long)") }
        fputs(header, file)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<16 { _ = chunk.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) } }
        fclose(file)
        let longReport = try UserImporter.run(path: long, format: .csv, storePath: store.path, cancel: CancelFlag()) { _ in }.get()
        XCTAssertEqual(longReport.added, 0)
        XCTAssertEqual(longReport.skipped, [SkippedRow(line: 2, problem: .fieldTooLong("first_name"))])
        unlink(long)
    }
}
