import XCTest

@testable import TriadModel

/// Where a group (a drag, press to release) meets the other ways steps are made and ended: an
/// end with no group open, a run of key presses before or inside a group, a redo in the middle of one.
final class ChartGroupEdgeTests: XCTestCase {
    /// A release with no press before it (the press went to another widget) must not leave the
    /// history counting one group too few: the next drag is still one step.
    func testAnEndWithNoGroupOpenLeavesTheNextGroupWhole() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            model.endChangeGroup()
            model.endChangeGroup()
            model.beginChangeGroup()
            try model.setVotes(at: 0, to: 13)
            try model.setVotes(at: 0, to: 14)
            model.endChangeGroup()
            XCTAssertEqual(model.undoCount, 1, "the drag after the stray releases is one step")
            model.undo()
            XCTAssertEqual(model.poll, Poll.example)
        }
    }

    /// A press on a bar that moves nothing still ends a run of key presses: the next key press
    /// on that row is a step of its own.
    func testAGroupThatChangesNothingEndsARun() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            try model.adjustVotes(at: 0, by: 1)
            model.beginChangeGroup()
            model.endChangeGroup()
            try model.adjustVotes(at: 0, by: 1)
            XCTAssertEqual(model.undoCount, 2, "the press between the two key presses parts them")
            model.undo()
            XCTAssertEqual(model.poll.options[0].votes, 13)
        }
    }

    /// A drag that comes back to where it began has made no step; what it does after that is a
    /// step of its own, and does not join the step made before the drag.
    func testADragBackToItsStartAndOnIsAStepOfItsOwn() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            let start = model.poll.options[0].votes
            try model.setVotes(at: 1, to: 20)
            model.beginChangeGroup()
            try model.setVotes(at: 0, to: start + 1)
            try model.setVotes(at: 0, to: start)
            XCTAssertEqual(model.undoCount, 1, "back where it began, the drag has no step")
            try model.setVotes(at: 0, to: start + 2)
            model.endChangeGroup()
            XCTAssertEqual(model.undoCount, 2, "the step before the drag, and the drag's")
            model.undo()
            XCTAssertEqual(model.poll.options[0].votes, start)
            XCTAssertEqual(model.poll.options[1].votes, 20, "the undo takes back the drag alone")
        }
    }

    /// Key presses inside a drag belong to the drag's step; the first key press after it starts
    /// a step of its own, and does not join the drag's.
    func testARunInsideAGroupEndsWithIt() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            model.beginChangeGroup()
            try model.adjustVotes(at: 0, by: 1)
            try model.adjustVotes(at: 0, by: 1)
            model.endChangeGroup()
            XCTAssertEqual(model.undoCount, 1)
            try model.adjustVotes(at: 0, by: 1)
            XCTAssertEqual(model.undoCount, 2, "after the group, a new step")
            model.undo()
            XCTAssertEqual(model.poll.options[0].votes, 14, "the undo takes back the last press alone")
        }
    }

    /// As an undo does, a redo in the middle of a drag ends the drag's group: the changes after
    /// it are steps of their own, not one step opened before the redo.
    func testARedoInsideAGroupEndsIt() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            try model.setVotes(at: 1, to: 8)
            model.undo()
            model.beginChangeGroup()
            model.redo()
            XCTAssertEqual(model.poll.options[1].votes, 8)
            try model.setVotes(at: 0, to: 20)
            try model.setVotes(at: 0, to: 21)
            model.endChangeGroup()
            XCTAssertEqual(model.undoCount, 3, "the redone step, then two steps no group holds")
            model.undo()
            XCTAssertEqual(model.poll.options[0].votes, 20)
        }
    }
}
