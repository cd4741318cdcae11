import Glibc
import XCTest

@testable import TriadModel

/// The main-thread service is the lesson's mistake in where it searches, and only there: like
/// StoreUserService it reads the store and never writes it.
final class MainThreadUserServiceTests: XCTestCase {
    /// A store file that is gone is reported, not made anew as an empty file.
    func testASearchOfAStoreFileThatIsGoneCreatesNoFile() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated { try Self.searchAGoneFile(directory) }
    }

    @MainActor private static func searchAGoneFile(_ directory: String) throws {
        let store = try Store(directory: directory)
        let gone = "\(directory)/gone.sqlite"
        let main = StoreUserServiceTests.MainQueue()
        let service = MainThreadUserService(path: gone, mainDatabase: store.database, deliver: main.send)
        var answers: [UserLoadResult] = []
        service.getUsers(matching: "") { answers.append($0) }
        XCTAssertTrue(main.run(until: { !answers.isEmpty }))
        guard case .failure = answers.first else { return XCTFail("a search of no file answered \(answers)") }
        XCTAssertNotEqual(access(gone, F_OK), 0, "the search made the file it could not find")
    }

    /// Like StoreUserService, it hands over a long result's first rows asking to hear when they
    /// are drawn; holding the main loop, it can only wait out its time for that, then answer the rest.
    func testTheFirstRowsAskToHearWhenTheyAreDrawn() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated { try Self.firstRowsAskForTheFrame(directory) }
    }

    @MainActor private static func firstRowsAskForTheFrame(_ directory: String) throws {
        let store = try Store(directory: directory)
        try UserGenerator.generate(1_000, into: store)
        let main = StoreUserServiceTests.MainQueue()
        let frames = StoreUserServiceTests.Frames()
        let service = MainThreadUserService(
            path: store.path, mainDatabase: store.database, deliver: main.send, afterDrawing: frames.afterDrawing)
        var answers: [UserLoadResult] = []
        service.getUsers(matching: "") { answers.append($0) }
        XCTAssertTrue(main.run(until: { answers.count == 2 }), "the whole result comes without the frame")
        XCTAssertEqual(frames.waiting, 1, "handing the first rows over asks to hear when they are drawn")
        guard case .firstRows(let firstRows) = answers.first else { return XCTFail("first came \(answers)") }
        XCTAssertEqual(firstRows.count, StoreUserRows.headSize)
        guard case .success(let allRows) = answers.last else { return XCTFail("then came \(answers)") }
        XCTAssertEqual(allRows.count, 1_000)
    }
}
