import XCTest

@testable import TriadModel

/// The rules of a poll (PollRules.swift, Poll.swift): each refusal, its message, its field.
final class ChartRulesTests: XCTestCase {
    func testVotesAreReadAsPeopleTypeThem() throws {
        let accepted: [(String, Int)] = [
            ("12", 12), (" 12 ", 12), ("+12", 12), ("１２", 12), ("\u{3000}7\u{3000}", 7),
            ("0", 0), ("-0", 0), ("2147483647", 2_147_483_647), ("00042", 42),
        ]
        for (text, votes) in accepted {
            XCTAssertEqual(try PollRules.votes(typed: text, row: 0), votes, text)
        }
    }

    func testEachWayVotesAreWrongHasItsOwnMessageAndField() {
        let catalog: [(String, ChartError, String)] = [
            ("", .votesMissing(row: 3), "Enter the number of votes"),
            ("   ", .votesMissing(row: 3), "Enter the number of votes"),
            ("1.5", .votesNotAWholeNumber(row: 3), "Enter the votes as a whole number, such as 12"),
            ("abc", .votesNotAWholeNumber(row: 3), "Enter the votes as a whole number, such as 12"),
            ("1,000", .votesNotAWholeNumber(row: 3), "Enter the votes as a whole number, such as 12"),
            ("1e3", .votesNotAWholeNumber(row: 3), "Enter the votes as a whole number, such as 12"),
            ("-", .votesNotAWholeNumber(row: 3), "Enter the votes as a whole number, such as 12"),
            ("-1", .votesNegative(row: 3), "The number of votes cannot be negative"),
            ("\u{2212}3", .votesNegative(row: 3), "The number of votes cannot be negative"),
            (" -99999999999999999999", .votesNegative(row: 3), "The number of votes cannot be negative"),
            // Past 64 bits, each minus sign the parser takes still says which way.
            ("\u{FF0D}99999999999999999999", .votesNegative(row: 3), "The number of votes cannot be negative"),
            ("\u{2212}99999999999999999999", .votesNegative(row: 3), "The number of votes cannot be negative"),
            ("2147483648", .votesTooMany(row: 3), "The number of votes can be at most " + formattedCount(2_147_483_647)),
            ("99999999999999999999", .votesTooMany(row: 3), "The number of votes can be at most " + formattedCount(2_147_483_647)),
        ]
        for (text, expected, message) in catalog {
            let error = refusal { () throws(ChartError) in try PollRules.votes(typed: text, row: 3) }
            XCTAssertEqual(error, expected, text)
            XCTAssertEqual(error?.message, message, text)
            XCTAssertEqual(error?.row, 3, text)
            XCTAssertEqual(error?.column, .votes, text)
        }
    }

    func testNamesAreTrimmedAndKeepTheirRules() throws {
        let options = Poll.example.options
        XCTAssertEqual(try PollRules.name("  Kiwis\u{3000}", row: 5, among: options, replacing: nil), "Kiwis")
        XCTAssertEqual(
            try PollRules.name(String(repeating: "👍🏽", count: 40), row: 5, among: options, replacing: nil).count, 40,
            "a name is as long as the characters a person sees")
        let catalog: [(String, ChartError, String)] = [
            ("", .nameMissing(row: 5), "Enter a name for the option"),
            (" \u{3000} ", .nameMissing(row: 5), "Enter a name for the option"),
            ("Kiwi\tfruit", .nameHasControlCharacters(row: 5), "A name cannot hold tabs, line breaks or other control characters"),
            ("Kiwi\u{2028}fruit", .nameHasControlCharacters(row: 5), "A name cannot hold tabs, line breaks or other control characters"),
            (String(repeating: "k", count: 41), .nameTooLong(row: 5), "A name can be at most 40 characters"),
            ("apples", .nameTaken(row: 5, by: "Apples"), "Another option is already called “Apples”"),
            (" PLUMS ", .nameTaken(row: 5, by: "Plums"), "Another option is already called “Plums”"),
            ("ｆｉｇｓ", .nameTaken(row: 5, by: "Figs"), "Another option is already called “Figs”"),
        ]
        for (text, expected, message) in catalog {
            let error = refusal { () throws(ChartError) in try PollRules.name(text, row: 5, among: options, replacing: nil) }
            XCTAssertEqual(error, expected, text)
            XCTAssertEqual(error?.message, message, text)
            XCTAssertEqual(error?.row, 5, text)
            XCTAssertEqual(error?.column, .name, text)
        }
    }

    func testNamesAreTheSameIgnoringCaseInAnyScript() {
        let options = [PollOption("Straße", 1), PollOption("Äpfel", 2), PollOption("Ωμέγα", 3)]
        for (text, owner) in [("STRASSE", "Straße"), ("äPFEL", "Äpfel"), ("ΩΜΈΓΑ", "Ωμέγα")] {
            XCTAssertEqual(
                refusal { () throws(ChartError) in try PollRules.name(text, row: 3, among: options, replacing: nil) },
                .nameTaken(row: 3, by: owner), text)
        }
        XCTAssertEqual(
            try PollRules.name("STRASSE", row: 0, among: options, replacing: 0), "STRASSE",
            "a row's own name does not count against it: its case may change")
        XCTAssertEqual(try PollRules.name("Strasse 2", row: 3, among: options, replacing: nil), "Strasse 2")
    }

    func testTitleRules() throws {
        XCTAssertEqual(try PollRules.title("  Favourite vegetable "), "Favourite vegetable")
        let catalog: [(String, ChartError, String)] = [
            ("  ", .titleMissing, "Enter a title for the chart"),
            ("Two\nlines", .titleHasControlCharacters, "A title cannot hold tabs, line breaks or other control characters"),
            (String(repeating: "t", count: 81), .titleTooLong, "A title can be at most 80 characters"),
        ]
        for (text, expected, message) in catalog {
            let error = refusal { () throws(ChartError) in try PollRules.title(text) }
            XCTAssertEqual(error, expected)
            XCTAssertEqual(error?.message, message)
            XCTAssertEqual(error?.column, .title)
            XCTAssertNil(error?.row)
        }
    }

    func testAPollIsMadeOnlyValid() throws {
        let poll = try Poll(title: " Votes ", options: [PollOption(" Yes ", 3), PollOption("No", 0)])
        XCTAssertEqual(poll.title, "Votes")
        XCTAssertEqual(summary(poll), ["Yes 3", "No 0"], "names stored trimmed")
        XCTAssertEqual(poll.row(named: " YES"), 0)
        XCTAssertNil(poll.row(named: "Maybe"))

        let one = [PollOption("Yes", 1)]
        let thirteen = (1...13).map { PollOption("Option \($0)", $0) }
        let catalog: [([PollOption], ChartError)] = [
            (one, .tooFewOptions(row: nil)),
            ([], .tooFewOptions(row: nil)),
            (thirteen, .tooManyOptions),
            ([PollOption("Yes", 1), PollOption("yes", 2)], .nameTaken(row: 1, by: "Yes")),
            ([PollOption("Yes", -1), PollOption("No", 2)], .votesNegative(row: 0)),
            ([PollOption("Yes", 1), PollOption("No", Poll.maximumVotes + 1)], .votesTooMany(row: 1)),
            ([PollOption("Yes", 1), PollOption("", 2)], .nameMissing(row: 1)),
        ]
        for (options, expected) in catalog {
            XCTAssertEqual(refusal { () throws(ChartError) in try Poll(title: "T", options: options) }, expected)
        }
        XCTAssertEqual(refusal { () throws(ChartError) in try Poll(title: "", options: poll.options) }, .titleMissing)
        XCTAssertEqual(ChartError.tooFewOptions(row: nil).message, "A chart needs at least 2 options")
        XCTAssertEqual(ChartError.tooManyOptions.message, "A chart holds at most 12 options")
        XCTAssertNoThrow(try Poll(title: "T", options: Array(thirteen.prefix(12))), "twelve options are allowed")
    }

    func testTheFirstExampleKeepsTheRules() throws {
        let example = Poll.example
        XCTAssertEqual(example.title, "Favourite fruit")
        XCTAssertEqual(summary(example), exampleSummary)
        XCTAssertEqual(try Poll(title: example.title, options: example.options), example)
        XCTAssertEqual(example.totalVotes, 36)
        XCTAssertEqual(example.largestVotes, 12)
    }
}
