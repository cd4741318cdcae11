import XCTest

@testable import TriadModel

/// Replays every committed fuzz input (the seeds, and any input that once crashed) through the
/// fuzz targets, so a fixed crash stays fixed.
final class FuzzCorpusTests: XCTestCase {
    func testCorpusReplays() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/corpus")
        var replayed = 0
        for target in FuzzTarget.allCases {
            let folder = root.appendingPathComponent(target.rawValue)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            XCTAssertFalse(files.isEmpty, "a seed corpus for \(target)")
            for file in files {
                target.run(Array(try Data(contentsOf: folder.appendingPathComponent(file))))
                replayed += 1
            }
        }
        XCTAssertGreaterThan(replayed, 40)
    }
}
