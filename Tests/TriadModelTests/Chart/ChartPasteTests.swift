import Glibc
import XCTest

@testable import TriadModel

/// Pasting lines of options (ChartPaste.swift): the forms a spreadsheet or a person writes,
/// and each refusal, which names the line and changes nothing.
final class ChartPasteTests: XCTestCase {
    func testTabsCommasBareNamesAndBlankLines() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            try model.paste("Kiwis\t4\r\nMangoes , 5\r\n\r\n \u{3000}\n  Limes  \nDates\t\n\rGuavas,１０", mode: .replace)
            XCTAssertEqual(summary(model.poll), ["Kiwis 4", "Mangoes 5", "Limes 0", "Dates 0", "Guavas 10"])
            XCTAssertEqual(model.poll.title, "Favourite fruit", "a paste keeps the title")
            try model.paste("Yuzu\t7\n", mode: .append)
            XCTAssertEqual(summary(model.poll).last, "Yuzu 7")
            XCTAssertEqual(model.poll.count, 6)
            model.undo()
            model.undo()
            XCTAssertEqual(model.poll, Poll.example, "each paste is one step")
        }
    }

    func testTheFirstSeparatorSplits() {
        XCTAssertTrue(ChartPaste.split("Red, green,5") == ("Red", " green,5"))
        XCTAssertTrue(ChartPaste.split("Red, green\t5") == ("Red, green", "5"), "a tab comes before a comma")
        XCTAssertTrue(ChartPaste.split("Red") == ("Red", ""))
        XCTAssertEqual(ChartPaste.filledLines("a\r\n\rb\n\nc").map(\.number), [1, 3, 5], "CR LF is one break, CR alone another")
    }

    func testARefusedLineIsNamedAndNothingChanges() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            try model.setVotes(at: 0, typed: "1")
            model.undo()  // something to redo, which a refused paste must keep
            let catalog: [(String, ChartPasteMode, ChartError, String)] = [
                (
                    "Kiwis,1,000\nLimes,2", .replace, .pastedLine(line: 1, .votesNotAWholeNumber(row: 0)),
                    "Line 1: Enter the votes as a whole number, such as 12"
                ),
                (
                    "Kiwis\t1\n\n\nLimes\t12\textra", .replace, .pastedLine(line: 4, .votesNotAWholeNumber(row: 1)),
                    "Line 4: Enter the votes as a whole number, such as 12"
                ),
                (
                    "Kiwis,-2\nLimes", .replace, .pastedLine(line: 1, .votesNegative(row: 0)),
                    "Line 1: The number of votes cannot be negative"
                ),
                (
                    "Kiwis,1\nLimes,3000000000", .replace, .pastedLine(line: 2, .votesTooMany(row: 1)),
                    "Line 2: The number of votes can be at most " + formattedCount(Poll.maximumVotes)
                ),
                (
                    "Kiwis\nKIWIS", .replace, .pastedLine(line: 2, .nameTaken(row: 1, by: "Kiwis")),
                    "Line 2: Another option is already called “Kiwis”"
                ),
                (
                    "apples,3", .append, .pastedLine(line: 1, .nameTaken(row: 5, by: "Apples")),
                    "Line 1: Another option is already called “Apples”"
                ),
                (",3\nLimes", .replace, .pastedLine(line: 1, .nameMissing(row: 0)), "Line 1: Enter a name for the option"),
                (
                    "Limes\n" + String(repeating: "k", count: 41), .replace, .pastedLine(line: 2, .nameTooLong(row: 1)),
                    "Line 2: A name can be at most 40 characters"
                ),
                ("", .replace, .nothingPasted, "The pasted text has no options in it: put one option on each line, as “name, votes”"),
                (
                    " \n\t\n\u{3000}", .append, .nothingPasted,
                    "The pasted text has no options in it: put one option on each line, as “name, votes”"
                ),
                ("Kiwis,4", .replace, .tooFewPastedLines(lines: 1), "You pasted 1 line, but a chart needs at least 2 options"),
                (
                    (1...8).map { "Fruit \($0)" }.joined(separator: "\n"), .append, .tooManyPastedLines(lines: 8, existing: 5),
                    "You pasted 8 lines, but a chart holds at most 12 options and this one has 5 already"
                ),
                (
                    (1...13).map { "Fruit \($0)" }.joined(separator: "\n"), .replace, .tooManyPastedLines(lines: 13, existing: 0),
                    "You pasted 13 lines, but a chart holds at most 12 options"
                ),
            ]
            for (text, mode, expected, message) in catalog {
                assertRefused(model, expected) { () throws(ChartError) in try model.paste(text, mode: mode) }
                let error = refusal { () throws(ChartError) in try model.paste(text, mode: mode) }
                XCTAssertEqual(error?.message, message)
                XCTAssertNil(error?.row, "a pasted line is not a row of the table yet")
            }
            let line = refusal { () throws(ChartError) in try model.paste("Kiwis,x\nLimes", mode: .replace) }
            XCTAssertEqual(line?.line, 1)
            XCTAssertEqual(line?.column, .votes, "the column of the line that broke the rule")
            XCTAssertTrue(model.canRedo)
        }
    }

    func testTwelveLinesFitAndAPasteCanFillTheChart() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            try model.paste((1...7).map { "Fruit \($0),\($0)" }.joined(separator: "\n"), mode: .append)
            XCTAssertEqual(model.poll.count, 12)
            try model.paste((1...12).map { "Berry \($0)\t\($0)" }.joined(separator: "\n"), mode: .replace)
            XCTAssertEqual(model.poll.count, 12)
            XCTAssertEqual(model.poll.options[11], PollOption("Berry 12", 12))
        }
    }

    /// A whole spreadsheet column pasted by mistake: refused at once, saying how many lines came
    /// and how many a chart holds, with nothing changed (not even what is stored).
    func testTenThousandLinesAreRefusedQuicklyAndChangeNothing() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let model = ChartModel(store: store)
            try model.setVotes(at: 0, typed: "13")
            let stored = try store.database.rows("SELECT position, name, votes FROM chart_options ORDER BY position")
            let text = (1...10_000).map { "Respondent \($0)\t\($0 % 7)" }.joined(separator: "\n")
            for mode in [ChartPasteMode.replace, .append] {
                let started = Self.now()
                assertRefused(model, .tooManyPastedLines(lines: 10_000, existing: mode == .append ? 5 : 0)) { () throws(ChartError) in
                    try model.paste(text, mode: mode)
                }
                // Counting lines is linear; checking each pasted name against every other one is
                // not, and takes many seconds at this size.
                XCTAssertLessThan(Self.now() - started, 1.0, "refused by its count, before any line is read")
            }
            let message = refusal { () throws(ChartError) in try model.paste(text, mode: .replace) }?.message
            XCTAssertEqual(message, "You pasted \(formattedCount(10_000)) lines, but a chart holds at most 12 options")
            XCTAssertEqual(try store.database.rows("SELECT position, name, votes FROM chart_options ORDER BY position"), stored)
            XCTAssertEqual(summary(model.poll).first, "Apples 13")
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
