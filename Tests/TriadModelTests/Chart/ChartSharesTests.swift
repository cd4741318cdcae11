import XCTest

@testable import TriadModel

/// The pie's shares (PollShares.swift): percentages that add up to exactly 100.
final class ChartSharesTests: XCTestCase {
    func testTheExamplesPercentagesAddUpTo100() {
        // 12/36, 7/36, 5/36, 9/36, 3/36 = 33.3, 19.4, 13.9, 25, 8.3: rounded each to the nearest
        // they make 99; the two points missing go to the largest remainders, Plums' and Pears'.
        XCTAssertEqual(Poll.example.percentages, [33, 20, 14, 25, 8])
        XCTAssertEqual(PollShares.percentages([12, 7, 5, 9, 3]).reduce(0, +), 100)
    }

    func testEqualRemaindersGoToTheEarlierRow() {
        XCTAssertEqual(PollShares.percentages([1, 1, 1]), [34, 33, 33])
        XCTAssertEqual(PollShares.percentages([2, 1, 1, 2]), [33, 17, 17, 33])
        XCTAssertEqual(PollShares.percentages([1, 1]), [50, 50])
        XCTAssertEqual(PollShares.percentages([5, 5, 5, 5, 5, 5]), [17, 17, 17, 17, 16, 16])
    }

    func testNoVotesMakeNoShares() {
        XCTAssertEqual(PollShares.percentages([0, 0, 0]), [0, 0, 0])
        XCTAssertEqual(PollShares.fractions([0, 0]), [0, 0])
        XCTAssertEqual(PollShares.percentages([0, 7]), [0, 100])
        XCTAssertEqual(PollShares.percentages([0, 1, 1, 1]), [0, 34, 33, 33], "a row without votes never gets a point")
    }

    func testTwelveOptions() {
        XCTAssertEqual(PollShares.percentages(Array(repeating: 1, count: 12)), [9, 9, 9, 9, 8, 8, 8, 8, 8, 8, 8, 8])
        let percentages = PollShares.percentages(Array(1...12))
        XCTAssertEqual(percentages.reduce(0, +), 100)
        XCTAssertEqual(percentages, [1, 3, 4, 5, 6, 8, 9, 10, 12, 13, 14, 15])
    }

    func testTheLargestCountsAreExact() {
        let max = Poll.maximumVotes
        XCTAssertEqual(PollShares.percentages([max, 1]), [100, 0])
        XCTAssertEqual(PollShares.percentages(Array(repeating: max, count: 12)), [9, 9, 9, 9, 8, 8, 8, 8, 8, 8, 8, 8])
        XCTAssertEqual(PollShares.percentages([max, max, max]), [34, 33, 33])
    }

    /// Many polls of every size: the sum is exactly 100, and each percentage is its exact share
    /// rounded down or up, never further off.
    func testEveryPollAddsUpTo100AndNoShareIsMoreThanAPointOff() {
        var generator = SplitMix(seed: 2_002)
        for _ in 0..<5_000 {
            let count = Int.random(in: 2...12, using: &generator)
            let scale = [10, 1_000, Poll.maximumVotes].randomElement(using: &generator) ?? 10
            let votes = (0..<count).map { _ in Int.random(in: 0...scale, using: &generator) }
            let total = votes.reduce(0, +)
            let percentages = PollShares.percentages(votes)
            guard total > 0 else {
                XCTAssertEqual(percentages, votes.map { _ in 0 })
                continue
            }
            XCTAssertEqual(percentages.reduce(0, +), 100, "\(votes)")
            for (vote, percent) in zip(votes, percentages) {
                let floor = vote * 100 / total
                XCTAssertTrue(percent == floor || percent == floor + 1, "\(votes) → \(percentages)")
            }
            XCTAssertEqual(PollShares.fractions(votes).reduce(0, +), 1, accuracy: 1e-9)
        }
    }

    func testFractionsAreExactShares() {
        XCTAssertEqual(PollShares.fractions([1, 3]), [0.25, 0.75])
        XCTAssertEqual(Poll.example.fractions[0], 12.0 / 36.0)
    }
}

/// A small seeded generator, so a failure can be run again as it was.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
