import XCTest

@testable import TriadModel

/// The CSV parser at the edges of its quotes: a quote inside a field that did not start with one,
/// a quoted field that runs over lines to exactly the span limit, a doubled quote in a quote that
/// is never closed, and the line breaks inside quotes (a lone CR, a CRLF) that the rows after
/// them are numbered by.
final class CSVParserTests: XCTestCase {
    private struct Record: Equatable {
        var line: Int
        var fields: [CSVParser.Field]
        var problem: RowProblem?
    }

    /// Every record of `text`, with the line it starts on and what is wrong with it as a whole.
    private func records(_ text: String) -> [Record] {
        let parser = CSVParser(ByteReader(bytes: Array(text.utf8)))
        var records: [Record] = []
        while let fields = parser.nextRecord() {
            records.append(Record(line: parser.recordLine, fields: fields, problem: parser.recordProblem))
        }
        return records
    }

    /// A quote is a quote only at the start of a field: after other text it is kept as it is, and
    /// the separator after it still ends the field.
    func testAQuoteAfterTheStartOfAFieldIsText() {
        XCTAssertEqual(records("ab\"c,d\n"), [Record(line: 1, fields: [.text("ab\"c"), .text("d")])])
    }

    /// A quoted field may run `spanLimit` bytes past its first line break, its closing quote
    /// counted: at exactly that it is one field (too long to keep), one byte more and its quote
    /// is taken for one never closed, its record reported and the lines after it read again.
    func testAQuotedFieldOverLinesEndsAtExactlyTheSpanLimit() {
        let atLimit = String(repeating: "x", count: CSVParser.spanLimit - 1)
        XCTAssertEqual(
            records("\"a\n\(atLimit)\",b\nc,d\n"),
            [Record(line: 1, fields: [.tooLong, .text("b")]), Record(line: 3, fields: [.text("c"), .text("d")])])
        let past = records("\"a\n\(atLimit)x\",b\nc,d\n")
        XCTAssertEqual(past.first, Record(line: 1, fields: [], problem: .unclosedQuote))
        XCTAssertEqual(past.last, Record(line: 3, fields: [.text("c"), .text("d")]))
    }

    /// A quote never closed costs its own line only: the lines after it are read again as they
    /// are in the file, a doubled quote among them with both its quotes.
    func testADoubledQuoteInAQuoteNeverClosedIsReadAgainWhole() {
        XCTAssertEqual(
            records("x,\"a\nb\"\"c,d\ne,f\n"),
            [
                Record(line: 1, fields: [], problem: .unclosedQuote), Record(line: 2, fields: [.text("b\"\"c"), .text("d")]),
                Record(line: 3, fields: [.text("e"), .text("f")]),
            ])
    }

    /// A lone CR inside quotes ends a line (as an old Mac file's does), and a CRLF inside quotes
    /// ends one line, not two: a bad row after each is reported at its own line in the file.
    func testLineBreaksInsideQuotesCountOnceForTheRowsAfterThem() throws {
        let store = try freshStore()
        let report = try importCSV(
            header + "\"A\rB\",Lee,a@example.com,30\n" + "Cy,Ng,cy-at-example.com,5\n" + "\"C\r\nD\",Kim,c@example.com,31\n"
                + "Bo,Kim,bo-at-example.com,4\n", into: store)
        XCTAssertEqual(report.skipped, [SkippedRow(line: 4, problem: .malformedEmail), SkippedRow(line: 7, problem: .malformedEmail)])
        XCTAssertEqual(try store.database.rows("SELECT first_name FROM users ORDER BY id").map { $0[0].text }, ["A\rB", "C\r\nD"])
    }
}
