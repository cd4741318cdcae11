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
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: helper.path),
            "helper not built at \(helper.path); run `swift build` first")
        let directory = makeTemporaryDirectory(self)
        var generator = SystemRandomNumberGenerator()
        var lastCommitted = 0
        for round in 1...100 {
            let process = Process()
            process.executableURL = helper
            process.arguments = [directory, "1000000"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Wait for its first commit, so that the kill lands while saves are going on however
            // slowly the helper starts on a busy machine; then let it save a random while longer
            // (from no more commits to a few dozen) and kill it.
            var reported = Data()
            while !reported.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }  // the helper ended: the check below says how
                reported.append(chunk)
            }
            usleep(UInt32.random(in: 0...40_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "round \(round): the helper was killed, not finished")
            reported.append(output.fileHandleForReading.readDataToEndOfFile())
            let printed = String(decoding: reported, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
            XCTAssertFalse(printed.isEmpty, "round \(round): the helper reported a commit before it was killed")
            if let last = printed.last { lastCommitted = last }

            let store = try Store(directory: directory)
            XCTAssertNil(store.recoveredFile, "round \(round): the store was never damaged")
            XCTAssertEqual(try store.database.scalar("PRAGMA integrity_check"), .text("ok"), "round \(round)")
            let street = try MainActor.assumeIsolated { try AddressBook(store: store).load()?.address.street }
            let stored = street.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
            // The kill may land after a commit and before its number was printed: one more is fine.
            XCTAssertTrue(
                stored == lastCommitted || stored == lastCommitted + 1,
                "round \(round): stored \(stored), last reported commit \(lastCommitted)")
            lastCommitted = stored
        }
    }
}
