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
}
