import XCTest

@testable import TriadModel

/// Stands in for one of the chart's views (the table, the bar chart, the pie): observes the
/// model as their controllers will, and keeps what it was told.
@MainActor
final class ChartViewStandIn {
    var updates: [ChartUpdate] = []
    var token: ObservationToken?
    init(_ model: ChartModel) {
        token = model.observe { [weak self] in self?.updates.append($0) }
    }
    /// The row each update said was added (nil for the others).
    var addedRows: [Int?] { updates.map(\.addedRow) }
}

/// A chart on a private in-memory store (its writes run at once, on the test's thread).
@MainActor
func makeChart() throws -> ChartModel {
    ChartModel(store: try Store(inMemory: ()))
}

/// The names and votes of a poll, short to compare.
func summary(_ poll: Poll) -> [String] {
    poll.options.map { "\($0.name) \($0.votes)" }
}

let exampleSummary = ["Apples 12", "Pears 7", "Plums 5", "Cherries 9", "Figs 3"]

/// Runs `change`, which must be refused with `expected`, and checks that the refusal changed
/// nothing: not the poll, not the history, not the observers, not what is to be saved.
@MainActor
func assertRefused(
    _ model: ChartModel, _ expected: ChartError, file: StaticString = #filePath, line: UInt = #line,
    _ change: () throws(ChartError) -> Void
) {
    let poll = model.poll
    let undo = model.undoCount
    let redo = model.redoCount
    let unsaved = model.hasUnsavedChanges
    let view = ChartViewStandIn(model)
    do {
        try change()
        XCTFail("not refused; expected \(expected)", file: file, line: line)
    } catch {
        XCTAssertEqual(error, expected, file: file, line: line)
    }
    XCTAssertEqual(model.poll, poll, "a refusal changes nothing", file: file, line: line)
    XCTAssertEqual(model.undoCount, undo, "a refusal is no step to undo", file: file, line: line)
    XCTAssertEqual(model.redoCount, redo, "a refusal keeps what can be redone", file: file, line: line)
    XCTAssertEqual(model.hasUnsavedChanges, unsaved, file: file, line: line)
    XCTAssertEqual(view.updates, [], "a refusal is told to no observer", file: file, line: line)
}

/// The error a throwing call threw, or nil.
func refusal<T>(_ body: () throws(ChartError) -> T) -> ChartError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
