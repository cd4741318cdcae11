import Glibc
import XCTest

@testable import TriadModel

/// ImportFileKind.swift: what a file to import is, by what the desktop says of its content, and
/// the sentence for a file that is not imported. The desktop's answers come from a table here;
/// the app asks GIO.
final class ImportFileKindTests: XCTestCase {
    /// The shared MIME database as a table: each file's type by its name, and each type's parent
    /// (JSON a kind of text here, so that the order of the questions shows).
    final class Desktop: ContentTypes {
        let types: [String: String]
        let parents = ["text/csv": "text/plain", "text/tab-separated-values": "text/plain", "application/json": "text/plain"]
        var asked: [String] = []

        init(_ types: [String: String]) { self.types = types }

        func contentType(ofFile path: String) -> String? {
            asked.append(path)
            return types[String(path.split(separator: "/").last ?? "")]
        }

        func contentType(_ type: String, isA ancestor: String) -> Bool {
            var current: String? = type
            while let each = current {
                if each == ancestor { return true }
                current = parents[each]
            }
            return false
        }
    }

    private func files(_ names: [String]) -> String {
        let directory = makeTemporaryDirectory(self)
        for name in names { writeFile("\(directory)/\(name)", Array("a,b\n".utf8)) }
        return directory
    }

    func testTheFormatFollowsTheContentNotTheName() {
        let directory = files(["people.txt", "people.json", "people.tsv", "people.csv"])
        let desktop = Desktop([
            "people.txt": "application/json", "people.json": "text/csv", "people.tsv": "text/tab-separated-values",
            "people.csv": "text/plain",
        ])
        XCTAssertEqual(try ImportFileKind.of("\(directory)/people.txt", types: desktop).get(), .json, "JSON, though a kind of text")
        XCTAssertEqual(try ImportFileKind.of("\(directory)/people.json", types: desktop).get(), .csv)
        XCTAssertEqual(try ImportFileKind.of("\(directory)/people.tsv", types: desktop).get(), .csv)
        XCTAssertEqual(try ImportFileKind.of("\(directory)/people.csv", types: desktop).get(), .csv)
    }

    func testAFileThatIsNeitherIsRefusedWithItsNameAndType() {
        let directory = files(["photo.csv", "odd.csv"])
        let desktop = Desktop(["photo.csv": "image/png"])
        guard case .failure(let refusal) = ImportFileKind.of("\(directory)/photo.csv", types: desktop) else {
            return XCTFail("a picture is no list of users")
        }
        XCTAssertTrue(refusal.message.contains("“photo.csv”"), refusal.message)
        XCTAssertTrue(refusal.message.contains("(image/png)"), refusal.message)
        XCTAssertFalse(refusal.message.contains(directory), "the name, not the whole path")
        guard case .failure(let unknown) = ImportFileKind.of("\(directory)/odd.csv", types: desktop) else {
            return XCTFail("a file the desktop cannot type is refused")
        }
        XCTAssertTrue(unknown.message.contains("(unreadable)"), unknown.message)
    }

    /// A file that cannot be read is refused with the system's reason, before the desktop is asked.
    func testAFileThatCannotBeReadIsRefusedWithTheSystemsReason() {
        let directory = files(["locked.csv"])
        chmod("\(directory)/locked.csv", 0)
        let desktop = Desktop(["locked.csv": "text/csv"])
        let missing = ImportFileKind.of("\(directory)/missing.csv", types: desktop)
        XCTAssertEqual(missing, .failure(ImportFileKind.Refusal(message: ImportError.cannotOpen("No such file or directory").message)))
        if getuid() != 0 {  // root reads any file
            let locked = ImportFileKind.of("\(directory)/locked.csv", types: desktop)
            XCTAssertEqual(locked, .failure(ImportFileKind.Refusal(message: ImportError.cannotOpen("Permission denied").message)))
        }
        XCTAssertEqual(desktop.asked, [])
    }
}
