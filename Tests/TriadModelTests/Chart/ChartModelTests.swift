import XCTest

@testable import TriadModel

/// Each change the model makes, and each it refuses without changing anything.
final class ChartModelTests: XCTestCase {
    func testANewChartStartsWithTheFirstExample() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            XCTAssertEqual(model.poll, Poll.example)
            XCTAssertNil(model.loadProblem)
            XCTAssertFalse(model.hasUnsavedChanges, "the example is not stored until it is changed")
            XCTAssertFalse(model.canUndo)
            XCTAssertFalse(model.canRedo)
        }
    }

    func testVotesTypedInTheTable() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            try model.setVotes(at: 0, typed: " １５ ")
            XCTAssertEqual(model.poll.options[0].votes, 15)
            try model.setVotes(at: 4, typed: "2147483647")
            XCTAssertEqual(model.poll.options[4].votes, Poll.maximumVotes)
            assertRefused(model, .votesNotAWholeNumber(row: 1)) { () throws(ChartError) in try model.setVotes(at: 1, typed: "7.5") }
            assertRefused(model, .votesNegative(row: 2)) { () throws(ChartError) in try model.setVotes(at: 2, typed: "-5") }
            assertRefused(model, .votesTooMany(row: 3)) { () throws(ChartError) in try model.setVotes(at: 3, typed: "2147483648") }
            assertRefused(model, .votesMissing(row: 3)) { () throws(ChartError) in try model.setVotes(at: 3, typed: "") }
            assertRefused(model, .noSuchOption(row: 5)) { () throws(ChartError) in try model.setVotes(at: 5, typed: "1") }
        }
    }

    func testADraggedBarStopsAtTheAxisAndAtTheTop() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            try model.setVotes(at: 1, to: 30)
            XCTAssertEqual(model.poll.options[1].votes, 30)
            try model.setVotes(at: 1, to: -40)
            XCTAssertEqual(model.poll.options[1].votes, 0, "dragged below the axis: none")
            try model.setVotes(at: 1, to: Int.max)
            XCTAssertEqual(model.poll.options[1].votes, Poll.maximumVotes)
            assertRefused(model, .noSuchOption(row: -1)) { () throws(ChartError) in try model.setVotes(at: -1, to: 3) }
        }
    }

    func testKeysAndTheWheelMoveVotesByTheirStepAndStopAtTheEnds() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            try model.adjustVotes(at: 4, by: ChartModel.step)
            XCTAssertEqual(model.poll.options[4].votes, 4)
            try model.adjustVotes(at: 4, by: ChartModel.pageStep)
            XCTAssertEqual(model.poll.options[4].votes, 14)
            try model.adjustVotes(at: 4, by: -ChartModel.pageStep)
            try model.adjustVotes(at: 4, by: -ChartModel.pageStep)
            XCTAssertEqual(model.poll.options[4].votes, 0, "Page Down at 4 stops at 0, never an error")
            try model.adjustVotes(at: 4, by: Int.min)
            XCTAssertEqual(model.poll.options[4].votes, 0)
            try model.setVotes(at: 0, to: Poll.maximumVotes - 3)
            try model.adjustVotes(at: 0, by: ChartModel.pageStep)
            XCTAssertEqual(model.poll.options[0].votes, Poll.maximumVotes)
            try model.adjustVotes(at: 0, by: Int.max)
            XCTAssertEqual(model.poll.options[0].votes, Poll.maximumVotes)
            assertRefused(model, .noSuchOption(row: 9)) { () throws(ChartError) in try model.adjustVotes(at: 9, by: 1) }
        }
    }

    func testRenaming() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            try model.rename(at: 0, to: "  Green apples ")
            XCTAssertEqual(model.poll.options[0].name, "Green apples")
            try model.rename(at: 1, to: "PEARS")
            XCTAssertEqual(model.poll.options[1].name, "PEARS", "an option may change the case of its own name")
            assertRefused(model, .nameTaken(row: 2, by: "PEARS")) { () throws(ChartError) in try model.rename(at: 2, to: "pears") }
            assertRefused(model, .nameMissing(row: 2)) { () throws(ChartError) in try model.rename(at: 2, to: "  ") }
            assertRefused(model, .nameHasControlCharacters(row: 2)) { () throws(ChartError) in try model.rename(at: 2, to: "a\nb") }
            assertRefused(model, .nameTooLong(row: 2)) { () throws(ChartError) in
                try model.rename(at: 2, to: String(repeating: "x", count: 41))
            }
            assertRefused(model, .noSuchOption(row: 7)) { () throws(ChartError) in try model.rename(at: 7, to: "Kiwis") }
        }
    }

    func testAddingGivesAFreshNameAndStopsAtTwelve() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            XCTAssertEqual(try model.addOption(), 5)
            XCTAssertEqual(model.poll.options[5], PollOption("Option 6", 0))
            try model.rename(at: 0, to: "option 8")
            XCTAssertEqual(try model.addOption(), 6)
            XCTAssertEqual(model.poll.options[6].name, "Option 7")
            XCTAssertEqual(try model.addOption(), 7)
            XCTAssertEqual(model.poll.options[7].name, "Option 9", "“option 8” is taken, ignoring case")
            while model.poll.count < 12 { try model.addOption() }
            XCTAssertEqual(model.poll.count, 12)
            assertRefused(model, .tooManyOptions) { () throws(ChartError) in try model.addOption() }
            XCTAssertEqual(ChartError.tooManyOptions.row, nil)
        }
    }

    func testRemovingStopsAtTwo() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            try model.removeOption(at: 1)
            XCTAssertEqual(summary(model.poll), ["Apples 12", "Plums 5", "Cherries 9", "Figs 3"])
            try model.removeOption(at: 3)
            try model.removeOption(at: 0)
            XCTAssertEqual(summary(model.poll), ["Plums 5", "Cherries 9"])
            assertRefused(model, .tooFewOptions(row: 1)) { () throws(ChartError) in try model.removeOption(at: 1) }
            let error = refusal { () throws(ChartError) in try model.removeOption(at: 0) }
            XCTAssertEqual(error?.message, "A chart needs at least 2 options")
            XCTAssertEqual(error?.row, 0, "shown at the row whose removal was refused")
            assertRefused(model, .noSuchOption(row: 2)) { () throws(ChartError) in try model.removeOption(at: 2) }
        }
    }

    /// The title comes from the store, which a damaged or foreign file may have filled: it is
    /// read under the same rules as a name.
    func testTheTitlesRules() throws {
        XCTAssertEqual(try PollRules.title(" Favourite vegetable "), "Favourite vegetable")
        XCTAssertThrowsError(try PollRules.title("")) { XCTAssertEqual($0 as? ChartError, .titleMissing) }
        XCTAssertThrowsError(try PollRules.title(String(repeating: "t", count: 81))) { XCTAssertEqual($0 as? ChartError, .titleTooLong) }
        XCTAssertThrowsError(try PollRules.title("Fruit\tbowl")) { XCTAssertEqual($0 as? ChartError, .titleHasControlCharacters) }
    }

    func testTheStateTabListsEachOptionWithItsShareAndTheHistory() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            XCTAssertEqual(
                ModelState.chart(model),
                [
                    StateEntry("model.poll.title", "\"Favourite fruit\""),
                    StateEntry("\"Apples\"", "12 (33 %)"), StateEntry("\"Pears\"", "7 (20 %)"), StateEntry("\"Plums\"", "5 (14 %)"),
                    StateEntry("\"Cherries\"", "9 (25 %)"), StateEntry("\"Figs\"", "3 (8 %)"),
                    StateEntry("model.undoCount", "0"), StateEntry("model.redoCount", "0"),
                ])
            try model.setVotes(at: 4, typed: "0")
            model.undo()
            try model.setVotes(at: 1, typed: "0")
            let state = ModelState.chart(model)
            XCTAssertEqual(state[2], StateEntry("\"Pears\"", "0 (0 %)"))
            XCTAssertEqual(state.suffix(2), [StateEntry("model.undoCount", "1"), StateEntry("model.redoCount", "0")])
            model.undo()
            XCTAssertEqual(ModelState.chart(model).suffix(2), [StateEntry("model.undoCount", "0"), StateEntry("model.redoCount", "1")])
        }
    }
}
