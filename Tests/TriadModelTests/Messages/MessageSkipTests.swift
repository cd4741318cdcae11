import XCTest

@testable import TriadModel

/// Skipping a message, without a window: the page recomputed from what the first recorded message
/// found, with every recorded message's change but the skipped one's, and the views that shows
/// differently named.
final class MessageSkipTests: XCTestCase {
    private static func poll(_ apples: Int, _ pears: Int, _ plums: Int = 3) throws -> PageMoment {
        .chart(try Poll(title: "Fruit", options: [PollOption("Apples", apples), PollOption("Pears", pears), PollOption("Plums", plums)]))
    }

    /// Rows whose moments are what each found, ids from one.
    private static func messages(_ found: [PageMoment?]) -> [LoggedMessage] {
        found.enumerated().map { index, moment in
            var message = LoggedMessage(
                from: .view, to: .controller, channel: .targetAction, text: "m\(index + 1)", file: "f", line: index, side: .sender, count: 1
            )
            message.moment = moment
            message.id = index + 1
            return message
        }
    }

    func testTheChartWithoutOneChangeKeepsTheOthers() throws {
        // Apples to 20, Pears to 5, Apples to 30: each row found what the one before left.
        let log = Self.messages([try Self.poll(10, 1), try Self.poll(20, 1), try Self.poll(20, 5)])
        let now = try Self.poll(30, 5)
        try MainActor.assumeIsolated {
            let travel = TimeTravel()
            XCTAssertEqual(travel.skipping(2, in: log, now: now), try Self.poll(30, 1), "without Pears' change, Apples' later change stays")
            XCTAssertEqual(travel.skipping(1, in: log, now: now), now, "a change a later one overwrote: nothing changes")
            XCTAssertEqual(travel.skipping(3, in: log, now: now), try Self.poll(20, 5), "without the last change")
            XCTAssertEqual(try Self.poll(30, 1).viewsChanged(from: now), ["Table", "Bar chart", "Pie chart"])
            XCTAssertEqual(
                try Self.poll(20, 2, 6).viewsChanged(from: try Self.poll(10, 1)), ["Table", "Bar chart"],
                "the same shares: the pie as it was")
            XCTAssertEqual(now.viewsChanged(from: now), [])
        }
    }

    func testTheAdderAndTheNoteReplaceTheirModelAtEachMessage() throws {
        let adder = Self.messages([.adder(first: 0, second: 0, typed: nil), nil, .adder(first: 40, second: 2, typed: nil)])
        let sum = PageMoment.adder(first: 1, second: 1, typed: ["1", "1x"])
        let note = Self.messages([.note(""), .note("a"), .note("ab")])
        MainActor.assumeIsolated {
            let travel = TimeTravel()
            XCTAssertEqual(travel.skipping(3, in: adder, now: sum), .adder(first: 40, second: 2, typed: nil))
            XCTAssertEqual(travel.skipping(1, in: adder, now: sum), sum.model, "set replaces both numbers: an earlier set is overwritten")
            XCTAssertEqual(
                PageMoment.adder(first: 40, second: 2, typed: nil).viewsChanged(from: sum.model), ["First number", "Second number", "Sum"])
            XCTAssertEqual(
                PageMoment.adder(first: 0, second: 2, typed: nil).viewsChanged(from: .adder(first: 1, second: 1, typed: nil)),
                ["First number", "Second number"], "the same sum: its label as it was")
            XCTAssertEqual(travel.skipping(3, in: note, now: .note("abc")), .note("ab"))
            XCTAssertEqual(travel.skipping(2, in: note, now: .note("abc")), .note("abc"))
            XCTAssertEqual(PageMoment.note("ab").viewsChanged(from: .note("abc")), ["Note", "Edit Note window"])
        }
    }

    func testPagesThatKeepOnlyTheirLastStateHaveNothingToRecompute() {
        let log = Self.messages([.users(query: ""), .users(query: "mi")])
        MainActor.assumeIsolated {
            let travel = TimeTravel()
            XCTAssertNil(travel.skipping(1, in: log, now: .users(query: "mila")))
            XCTAssertNil(travel.skipping(9, in: Self.messages([.note("")]), now: .note("a")), "a message not recorded")
            XCTAssertFalse(PageMoment.login(name: "x").replays)
            XCTAssertFalse(PageMoment.address(nil, typed: nil).replays)
        }
    }

    func testWhileTravellingTheRowsMadeInThePastAndThePresentTravelFoundCount() {
        let log = Self.messages([.note(""), .note("a"), .note("ab"), .note("made in the past")])
        MainActor.assumeIsolated {
            let travel = TimeTravel()
            travel.begin(at: 1, page: "note", present: .note("abc"), lastID: 3)
            XCTAssertEqual(travel.skipping(3, in: log, now: .note("made in the past, later")), .note("ab"))
            travel.skip(3, showing: .note("ab"))
            XCTAssertEqual(travel.skippedID, 3)
            XCTAssertEqual(travel.pointID, 3, "after every recorded row: none dimmed")
            XCTAssertEqual(travel.shown(in: log), .note("ab"))
            XCTAssertTrue(travel.changedInPast(now: .note("ab, edited"), messages: log))
            XCTAssertFalse(travel.changedInPast(now: .note("ab"), messages: log), "the alternative is what a change is told by")
            travel.move(to: 1)
            XCTAssertNil(travel.skippedID, "travelling on ends the skip")
            XCTAssertEqual(travel.shown(in: log), .note("a"), "the moment after the first row again")
        }
    }
}
