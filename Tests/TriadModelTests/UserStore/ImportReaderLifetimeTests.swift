import Foundation
import Synchronization
import XCTest

@testable import TriadModel

/// `importRows` reads the file on a thread of its own while it writes the rows on the caller's.
/// When it returns, that thread must have ended and let go of the reader: the caller then gives the
/// reader back, and with it the file, at once. A reading thread that outlived the import held both
/// a moment longer, and a leak check run just after the import (the fuzzer's, after every input)
/// found them still alive when the machine was busy.
final class ImportReaderLifetimeTests: XCTestCase {
    /// Keeps a processor busy until told to stop.
    private final class BusyLoops: Sendable {
        let stop = Atomic<Bool>(false)
    }

    func testTheReaderAndItsFileAreGoneWhenImportRowsReturns() throws {
        let directory = makeTemporaryDirectory(self)
        let path = "\(directory)/people.csv"
        writeFile(path, Array((header + "Ann,Lee,ann@example.com,30\nBo,Kim,bo@example.com,x\nCy,Ng,cy@example.com,5\n").utf8))
        let store = try freshStore()
        // Both processors kept busy, as they were when the fuzzer's leak check found the reader:
        // a reading thread still on its way out when the import returns is then overtaken by the
        // caller often, where on an idle machine it nearly always ends first.
        let busy = BusyLoops()
        let loops = (0..<2).map { _ in
            WorkerThread.startJoinable {
                var spins = 0
                while !busy.stop.load(ordering: .relaxed) { spins &+= 1 }
            }
        }
        defer {
            busy.stop.store(true, ordering: .relaxed)
            for loop in loops { loop.join() }
        }
        for round in 1...300 {
            weak var released: ByteReader?
            try {
                let reader = try ByteReader(path: path)
                released = reader
                _ = try UserImporter.importRows(from: reader, format: .csv, into: store.database)
            }()
            // The caller's reference went with the closure above: none other may be left.
            XCTAssertNil(released, "round \(round): the reader is still alive after importRows returned")
            XCTAssertFalse(isOpen(path), "round \(round): the file is still open after importRows returned")
            if released != nil { break }
        }
        XCTAssertEqual(try store.database.scalar("SELECT count(*) FROM users")?.integer, 2, "the rows were imported")
    }

    /// Whether this process holds a descriptor of the file at `path`.
    private func isOpen(_ path: String) -> Bool {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }
    }
}
