import XCTest

@testable import TriadModel

/// A chart at either end of what a chart may hold is stored and comes back as it was left: the
/// load refuses only past the ends, never at them.
final class ChartStorageBoundsTests: XCTestCase {
    func testAChartWithTheMostOptionsComesBack() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            do {
                let model = ChartModel(store: try Store(directory: directory))
                while model.poll.count < Poll.maximumOptions { try model.addOption() }
            }
            let reopened = ChartModel(store: try Store(directory: directory))
            XCTAssertNil(reopened.loadProblem)
            XCTAssertEqual(reopened.poll.count, Poll.maximumOptions)
            XCTAssertEqual(reopened.poll.options.last?.name, "Option \(Poll.maximumOptions)")
        }
    }

    func testAChartWithTheFewestOptionsComesBack() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            do {
                let model = ChartModel(store: try Store(directory: directory))
                while model.poll.count > Poll.minimumOptions { try model.removeOption(at: 0) }
            }
            let reopened = ChartModel(store: try Store(directory: directory))
            XCTAssertNil(reopened.loadProblem)
            XCTAssertEqual(summary(reopened.poll), ["Cherries 9", "Figs 3"])
        }
    }
}
