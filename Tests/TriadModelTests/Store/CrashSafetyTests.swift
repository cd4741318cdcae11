import Foundation
import XCTest
@testable import TriadModel

/// Kills a process that saves addresses in a loop, at random moments, and checks after each
/// kill that the store opens, passes `PRAGMA integrity_check`, and holds the last commit.
final class CrashSafetyTests: XCTestCase {
    private var helper: URL {
        // The helper is built next to the test bundle (.build/<config>/triad-store-stress).
        let bundle = URL(fileURLWithPath: CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? Bundle.main.bundlePath)
        var url = bundle.deletingLastPathComponent().appendingPathComponent("triad-store-stress")
        if !FileManager.default.fileExists(atPath: url.path) {
            url = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
                .deletingLastPathComponent().appendingPathComponent("triad-store-stress")
        }
        return url
    }

    func testSurvivesSIGKILLDuringSaves() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: helper.path),
                          "helper not built at \(helper.path); run `swift build` first")
        let directory = makeTemporaryDirectory(self)
        var generator = SystemRandomNumberGenerator()
        var lastCommitted = 0
        var killsDuringSaves = 0
        for round in 1...100 {
            let process = Process()
            process.executableURL = helper
            process.arguments = [directory, "1000000"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Let it save for a random while (a few commits to a few dozen), then kill it.
            usleep(UInt32.random(in: 3_000...40_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "round \(round): the helper was killed, not finished")
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .split(separator: "\n").compactMap { Int($0) }
            if let last = printed.last { lastCommitted = last; killsDuringSaves += 1 }

            let store = try Store(directory: directory)
            XCTAssertNil(store.recoveredFile, "round \(round): the store was never damaged")
            XCTAssertEqual(try store.database.scalar("PRAGMA integrity_check"), .text("ok"), "round \(round)")
            let street = try MainActor.assumeIsolated { try AddressBook(store: store).load()?.address.street }
            let stored = street.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
            // The kill may land after a commit and before its number was printed: one more is fine.
            XCTAssertTrue(stored == lastCommitted || stored == lastCommitted + 1,
                          "round \(round): stored \(stored), last reported commit \(lastCommitted)")
            lastCommitted = stored
        }
        XCTAssertGreaterThan(killsDuringSaves, 50, "most kills must land while saves were going on")
    }
}
