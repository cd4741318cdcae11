import XCTest

@testable import TriadModel

/// The adder's catalog: what people type, and what they get.
final class AdderTests: XCTestCase {
    private enum Expected {
        case sum(Int64)
        case error(AdderError)
    }

    private let catalog: [(String, String, Expected, String)] = [
        ("100", "200", .sum(300), "the seed's example"),
    ]

    func testCatalog() {
        for (first, second, expected, name) in catalog {
            let model = AdderModel()
            switch (Result { () throws(AdderError) in try model.sum(first, second) }, expected) {
            case (.success(let sum), .sum(let want)):
                XCTAssertEqual(sum, want, name)
            case (.failure(let error), .error(let want)):
                XCTAssertEqual(error, want, name)
            case (let got, _):
                XCTFail("\(name): got \(got), expected \(expected)")
            }
        }
    }
}
