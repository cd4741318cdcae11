import XCTest

@testable import TriadModel

/// The adder's last numbers: kept as typed, found again by the next start, and a store that
/// refuses them said in a sentence without touching the sum.
final class LastNumbersTests: XCTestCase {
    func testNothingIsSavedAtFirst() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            XCTAssertNil(LastNumbers(store: try Store(directory: directory)).saved)
        }
    }

    func testTheNumbersAsTypedComeBackAtTheNextStart() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let numbers = LastNumbers(store: try Store(directory: directory))
            for (first, second) in [("100", "200"), (" ４２ ", "abc"), ("", "-7")] {
                var answers: [String?] = []
                numbers.remember(first, second) { answers.append($0) }
                XCTAssertEqual(answers, [nil], "stored, and said so once")
                let next = LastNumbers(store: try Store(directory: directory))  // the next start
                XCTAssertEqual(next.saved?.first, first, "kept as typed, not as parsed")
                XCTAssertEqual(next.saved?.second, second)
            }
        }
    }

    func testAStoreThatRefusesThemIsSaidAndTheLastOnesStay() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let numbers = LastNumbers(store: store)
            numbers.remember("1", "2") { _ in }
            let mailbox = WriteQueueTests.Mailbox()
            store.startWriter(patienceMilliseconds: 100, deliver: mailbox.deliver)
            let other = try Database(path: store.path)  // another program holding the file
            try other.execute("BEGIN IMMEDIATE")
            var answers: [String?] = []
            numbers.remember("300", "400") { answers.append($0) }
            XCTAssertEqual(answers, [], "answered through the main loop, not at once")
            mailbox.run(until: { !answers.isEmpty })
            try other.execute("COMMIT")
            XCTAssertEqual(answers.count, 1)
            XCTAssertTrue(
                answers.first??.hasPrefix("The numbers were not remembered for next time; the sum is still right.") == true,
                "\(String(describing: answers.first))")
            XCTAssertEqual(numbers.saved?.first, "1", "the last numbers stored stay")
            XCTAssertEqual(numbers.saved?.second, "2")
        }
    }
}
