import XCTest

@testable import TriadModel

/// Three views follow one model: each is told once per change, with the poll, and the row a
/// change added.
final class ChartObservationTests: XCTestCase {
    func testEachViewIsToldOncePerChangeWithThePoll() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            let table = ChartViewStandIn(model)
            let bars = ChartViewStandIn(model)
            let pie = ChartViewStandIn(model)
            let changes: [(() throws(ChartError) -> Void, Int?)] = [
                ({ () throws(ChartError) in try model.setVotes(at: 0, typed: "20") }, nil),
                ({ () throws(ChartError) in try model.setVotes(at: 1, to: 30) }, nil),
                ({ () throws(ChartError) in try model.adjustVotes(at: 2, by: -1) }, nil),
                ({ () throws(ChartError) in try model.rename(at: 3, to: "Sour cherries") }, nil),
                ({ () throws(ChartError) in try model.addOption() }, 5),
                ({ () throws(ChartError) in try model.removeOption(at: 1) }, nil),
                ({ () throws(ChartError) in try model.paste("Kiwis,2") }, nil),
                ({ () throws(ChartError) in model.undo() }, nil),
                ({ () throws(ChartError) in model.redo() }, nil),
            ]
            for (number, (change, added)) in changes.enumerated() {
                try change()
                for view in [table, bars, pie] {
                    XCTAssertEqual(view.updates.count, number + 1, "told once: change \(number)")
                    XCTAssertEqual(view.updates.last, ChartUpdate(poll: model.poll, addedRow: added))
                }
            }
        }
    }

    func testNothingIsToldWhenNothingChanges() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            let view = ChartViewStandIn(model)
            try model.setVotes(at: 0, typed: "12")
            try model.setVotes(at: 0, to: 12)
            try model.adjustVotes(at: 4, by: 0)
            try model.rename(at: 1, to: " Pears ")
            model.undo()
            model.redo()
            XCTAssertEqual(view.updates, [])
            XCTAssertFalse(model.canUndo)
            XCTAssertFalse(model.hasUnsavedChanges)
            try model.adjustVotes(at: 4, by: -10)
            try model.adjustVotes(at: 4, by: -10)  // already at 0
            XCTAssertEqual(view.updates.map { $0.poll.options[4].votes }, [0])
        }
    }

    func testACancelledOrDroppedObserverIsToldNoMoreAndNotKeptAlive() throws {
        try MainActor.assumeIsolated {
            let model = try makeChart()
            var view: ChartViewStandIn? = ChartViewStandIn(model)
            weak let weakView = view
            let other = ChartViewStandIn(model)
            try model.setVotes(at: 0, typed: "1")
            view?.token?.cancel()
            try model.setVotes(at: 0, typed: "2")
            XCTAssertEqual(view?.updates.map { $0.poll.options[0].votes }, [1])
            view = nil
            XCTAssertNil(weakView, "the model must not keep a view's controller alive")
            var count = 0
            var token: ObservationToken? = model.observe { _ in count += 1 }
            try model.setVotes(at: 0, typed: "3")
            token = nil
            _ = token
            try model.setVotes(at: 0, typed: "4")
            XCTAssertEqual(count, 1)
            XCTAssertEqual(other.updates.map { $0.poll.options[0].votes }, [1, 2, 3, 4])
        }
    }
}
