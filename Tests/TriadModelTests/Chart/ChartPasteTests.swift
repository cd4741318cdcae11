import Glibc
import XCTest

@testable import TriadModel

/// Pasting lines of options (ChartPaste.swift): the forms a spreadsheet or a person writes,
/// and each refusal, which names the line and changes nothing.
final class ChartPasteTests: XCTestCase {
    func testTabsCommasBareNamesAndBlankLines() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            try model.paste("Kiwis\t4\r\nMangoes , 5\r\n\r\n \u{3000}\n  Limes  \nDates\t\n\rGuavas,１０")
            XCTAssertEqual(
                summary(model.poll), exampleSummary + ["Kiwis 4", "Mangoes 5", "Limes 0", "Dates 0", "Guavas 10"],
                "added after the options there are")
            XCTAssertEqual(model.poll.title, "Favourite fruit", "a paste keeps the title")
            try model.paste("Yuzu\t7\n")
            XCTAssertEqual(summary(model.poll).last, "Yuzu 7")
            XCTAssertEqual(model.poll.count, 11)
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
            // The example has five options: pasted lines would be rows 5 and on.
            let catalog: [(String, ChartError, String)] = [
                (
                    "Kiwis,1,000\nLimes,2", .pastedLine(line: 1, .votesNotAWholeNumber(row: 5)),
                    "Line 1: Enter the votes as a whole number, such as 12"
                ),
                (
                    "Kiwis\t1\n\n\nLimes\t12\textra", .pastedLine(line: 4, .votesNotAWholeNumber(row: 6)),
                    "Line 4: Enter the votes as a whole number, such as 12"
                ),
                ("Kiwis,-2\nLimes", .pastedLine(line: 1, .votesNegative(row: 5)), "Line 1: The number of votes cannot be negative"),
                (
                    "Kiwis,1\nLimes,3000000000", .pastedLine(line: 2, .votesTooMany(row: 6)),
                    "Line 2: The number of votes can be at most " + formattedCount(Poll.maximumVotes)
                ),
                ("Kiwis\nKIWIS", .pastedLine(line: 2, .nameTaken(row: 6, by: "Kiwis")), "Line 2: Another option is already called “Kiwis”"),
                ("apples,3", .pastedLine(line: 1, .nameTaken(row: 5, by: "Apples")), "Line 1: Another option is already called “Apples”"),
                (",3\nLimes", .pastedLine(line: 1, .nameMissing(row: 5)), "Line 1: Enter a name for the option"),
                (
                    "Limes\n" + String(repeating: "k", count: 41), .pastedLine(line: 2, .nameTooLong(row: 6)),
                    "Line 2: A name can be at most 40 characters"
                ),
                ("", .nothingPasted, "The pasted text has no options in it: put one option on each line, as “name, votes”"),
                (" \n\t\n\u{3000}", .nothingPasted, "The pasted text has no options in it: put one option on each line, as “name, votes”"),
                (
                    (1...8).map { "Fruit \($0)" }.joined(separator: "\n"), .tooManyPastedLines(lines: 8, existing: 5),
                    "You pasted 8 lines, but a chart holds at most 12 options and this one has 5 already"
                ),
            ]
            for (text, expected, message) in catalog {
                assertRefused(model, expected) { () throws(ChartError) in try model.paste(text) }
                let error = refusal { () throws(ChartError) in try model.paste(text) }
                XCTAssertEqual(error?.message, message)
                XCTAssertNil(error?.row, "a pasted line is not a row of the table yet")
            }
            let line = refusal { () throws(ChartError) in try model.paste("Kiwis,x\nLimes") }
            XCTAssertEqual(line?.line, 1)
            XCTAssertEqual(line?.column, .votes, "the column of the line that broke the rule")
            XCTAssertTrue(model.canRedo)
        }
    }

    func testSevenLinesFillTheChartAndOneMoreIsRefused() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            try model.paste((1...7).map { "Fruit \($0),\($0)" }.joined(separator: "\n"))
            XCTAssertEqual(model.poll.count, 12)
            XCTAssertEqual(model.poll.options[11], PollOption("Fruit 7", 7))
            assertRefused(model, .tooManyPastedLines(lines: 1, existing: 12)) { () throws(ChartError) in try model.paste("Berry,1") }
        }
    }

    /// A whole spreadsheet column pasted by mistake: refused by its count, saying how many lines
    /// came and how many a chart holds, with nothing changed (not even what is stored). How soon
    /// the refusal comes is make bench's.
    func testTenThousandLinesAreRefusedByTheirCountAndChangeNothing() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let model = ChartModel(store: store)
            try model.setVotes(at: 0, typed: "13")
            let stored = try store.database.rows("SELECT position, name, votes FROM chart_options ORDER BY position")
            let text = (1...10_000).map { "Respondent \($0)\t\($0 % 7)" }.joined(separator: "\n")
            assertRefused(model, .tooManyPastedLines(lines: 10_000, existing: 5)) { () throws(ChartError) in try model.paste(text) }
            let message = refusal { () throws(ChartError) in try model.paste(text) }?.message
            XCTAssertEqual(
                message, "You pasted \(formattedCount(10_000)) lines, but a chart holds at most 12 options and this one has 5 already")
            XCTAssertEqual(try store.database.rows("SELECT position, name, votes FROM chart_options ORDER BY position"), stored)
            XCTAssertEqual(summary(model.poll).first, "Apples 13")
        }
    }
}
