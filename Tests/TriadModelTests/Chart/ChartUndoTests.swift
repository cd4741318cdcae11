import XCTest

@testable import TriadModel

/// Undo and redo, kept by the model (ChartHistory.swift).
final class ChartUndoTests: XCTestCase {
    func testEveryChangeUndoesAndRedoesInOrder() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            var polls = [model.poll]
            try model.setVotes(at: 0, typed: "20")
            polls.append(model.poll)
            try model.rename(at: 1, to: "Nashi")
            polls.append(model.poll)
            try model.addOption()
            polls.append(model.poll)
            try model.removeOption(at: 3)
            polls.append(model.poll)
            try model.paste("Kiwis\t4")
            polls.append(model.poll)
            try model.setVotes(at: 2, to: 1)
            polls.append(model.poll)
            XCTAssertEqual(model.undoCount, 6)

            for expected in polls.dropLast().reversed() {
                XCTAssertTrue(model.canUndo)
                model.undo()
                XCTAssertEqual(model.poll, expected)
            }
            XCTAssertFalse(model.canUndo)
            XCTAssertEqual(model.redoCount, 6)
            model.undo()  // nothing left: nothing happens
            XCTAssertEqual(model.poll, Poll.example)

            for expected in polls.dropFirst() {
                XCTAssertTrue(model.canRedo)
                model.redo()
                XCTAssertEqual(model.poll, expected)
            }
            XCTAssertFalse(model.canRedo)
            model.redo()
            XCTAssertEqual(model.poll, polls.last)
        }
    }

    func testANewChangeEndsWhatCouldBeRedone() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            try model.setVotes(at: 0, typed: "1")
            try model.setVotes(at: 1, typed: "2")
            model.undo()
            XCTAssertTrue(model.canRedo)
            try model.setVotes(at: 2, typed: "3")
            XCTAssertFalse(model.canRedo, "redo is cleared by a new change")
            model.redo()
            XCTAssertEqual(summary(model.poll), ["Apples 1", "Pears 7", "Plums 3", "Cherries 9", "Figs 3"])
            // A refused change is no new change: what can be redone stays.
            model.undo()
            assertRefused(model, .votesNegative(row: 0)) { () throws(ChartError) in try model.setVotes(at: 0, typed: "-1") }
            XCTAssertTrue(model.canRedo)
        }
    }

    func testTheMenuNamesEachStep() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            XCTAssertEqual(model.undoTitle, "Undo")
            XCTAssertEqual(model.redoTitle, "Redo")
            XCTAssertNil(model.undoActionName)
            let steps: [(() throws(ChartError) -> Void, String)] = [
                ({ () throws(ChartError) in try model.setVotes(at: 0, typed: "12000") }, "Undo Change Apples to " + formattedCount(12_000)),
                ({ () throws(ChartError) in try model.setVotes(at: 0, to: 4) }, "Undo Change Apples to 4"),
                ({ () throws(ChartError) in try model.adjustVotes(at: 2, by: 1) }, "Undo Change Plums to 6"),
                ({ () throws(ChartError) in try model.rename(at: 0, to: "Quinces") }, "Undo Rename Apples"),
                ({ () throws(ChartError) in try model.removeOption(at: 1) }, "Undo Remove Pears"),
                ({ () throws(ChartError) in try model.addOption() }, "Undo Add Option 5"),
                ({ () throws(ChartError) in try model.paste("A,1\nB,2\nC") }, "Undo Paste 3 Options"),
                ({ () throws(ChartError) in try model.paste("D") }, "Undo Paste 1 Option"),
            ]
            for (change, title) in steps {
                try change()
                XCTAssertEqual(model.undoTitle, title)
                XCTAssertEqual(model.redoTitle, "Redo")
            }
            model.undo()
            XCTAssertEqual(model.redoTitle, "Redo Paste 1 Option")
            XCTAssertEqual(model.undoTitle, "Undo Paste 3 Options")
            for _ in 0..<3 { model.undo() }
            XCTAssertEqual(model.redoTitle, "Redo Remove Pears")
            XCTAssertEqual(model.redoActionName, "Remove Pears")
            XCTAssertEqual(model.undoActionName, "Rename Apples")
        }
    }

    func testTheHistoryKeepsTheLast100Steps() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            var polls = [model.poll]
            for step in 1...150 {
                try model.setVotes(at: step % 2, typed: String(step))
                polls.append(model.poll)
            }
            XCTAssertEqual(model.undoCount, ChartHistory.limit)
            XCTAssertEqual(ChartHistory.limit, 100)
            while model.canUndo { model.undo() }
            XCTAssertEqual(model.poll, polls[50], "the oldest fifty steps are forgotten, the last hundred undone")
            XCTAssertEqual(model.redoCount, 100)
            while model.canRedo { model.redo() }
            XCTAssertEqual(model.poll, polls[150])
        }
    }

    /// A run of key presses or wheel notches on one row is one step, as a run of typing is.
    func testARunOfStepsOnOneRowIsOneUndo() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            for _ in 0..<3 { try model.adjustVotes(at: 0, by: 1) }
            XCTAssertEqual(model.undoCount, 1)
            XCTAssertEqual(model.undoTitle, "Undo Change Apples to 15", "named by where the run ended")
            try model.adjustVotes(at: 1, by: 1)
            XCTAssertEqual(model.undoCount, 2, "another row starts another step")
            try model.adjustVotes(at: 0, by: 10)
            XCTAssertEqual(model.undoCount, 3)
            model.undo()
            model.undo()
            XCTAssertEqual(summary(model.poll).prefix(2), ["Apples 15", "Pears 7"])
            try model.adjustVotes(at: 0, by: 1)
            XCTAssertEqual(model.undoCount, 2, "after an undo a run starts afresh")
            model.undo()
            XCTAssertEqual(model.poll.options[0].votes, 15)
            model.undo()
            XCTAssertEqual(model.poll, Poll.example)

            try model.setVotes(at: 3, typed: "1")
            try model.adjustVotes(at: 3, by: 1)
            try model.adjustVotes(at: 3, by: -1)
            XCTAssertEqual(model.undoCount, 1, "a run that comes back to where it began leaves no step")
            XCTAssertEqual(model.undoTitle, "Undo Change Cherries to 1")
        }
    }

    /// A drag from press to release is one step; the views follow every motion.
    func testAGroupIsOneStep() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            let view = ChartViewStandIn(model)
            model.beginChangeGroup()
            for votes in [13, 17, 25, 40] { try model.setVotes(at: 0, to: votes) }
            model.beginChangeGroup()  // nested: still the one step
            try model.setVotes(at: 0, to: 41)
            model.endChangeGroup()
            try model.setVotes(at: 0, to: 42)
            model.endChangeGroup()
            XCTAssertEqual(view.updates.map { $0.poll.options[0].votes }, [13, 17, 25, 40, 41, 42], "each motion is told")
            XCTAssertEqual(model.undoCount, 1)
            XCTAssertEqual(model.undoTitle, "Undo Change Apples to 42")
            try model.setVotes(at: 0, to: 50)
            XCTAssertEqual(model.undoCount, 2, "after the group, a new step")
            model.undo()
            model.undo()
            XCTAssertEqual(model.poll, Poll.example)
            model.redo()
            XCTAssertEqual(model.poll.options[0].votes, 42)

            model.endChangeGroup()  // one end too many does nothing
            model.beginChangeGroup()
            try model.setVotes(at: 1, to: 8)
            model.undo()  // an undo inside a group ends it
            try model.setVotes(at: 1, to: 9)
            XCTAssertEqual(model.undoCount, 2)
            model.endChangeGroup()
        }
    }
}
