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
        ("0", "0", .sum(0), "zeros"),
        ("-5", "3", .sum(-2), "negative first"),
        ("+7", "+8", .sum(15), "explicit plus"),
        ("  12 ", "\t30\n", .sum(42), "surrounding whitespace"),
        ("\u{3000}5\u{3000}", "5", .sum(10), "ideographic space"),
        ("１２３", "７", .sum(130), "full-width digits"),
        ("－１０", "＋３", .sum(-7), "full-width signs"),
        ("\u{2212}4", "1", .sum(-3), "Unicode minus sign"),
        ("007", "003", .sum(10), "leading zeros"),
        ("9223372036854775807", "0", .sum(Int64.max), "Int64.max"),
        ("-9223372036854775808", "0", .sum(Int64.min), "Int64.min"),
        ("9223372036854775806", "1", .sum(Int64.max), "sum reaches Int64.max"),
        ("-9223372036854775807", "-1", .sum(Int64.min), "sum reaches Int64.min"),
        ("9223372036854775807", "-9223372036854775808", .sum(-1), "extremes cancel"),
        ("9223372036854775807", "1", .error(.sumTooLarge), "sum overflows"),
        ("-9223372036854775808", "-1", .error(.sumTooSmall), "sum underflows"),
        ("1", "9223372036854775807", .error(.sumTooLarge), "a small first number, the sum overflows"),
        ("-1", "-9223372036854775808", .error(.sumTooSmall), "a small negative first number, the sum underflows"),
        ("9223372036854775808", "0", .error(.outOfRange(.first)), "Int64.max + 1"),
        ("0", "-9223372036854775809", .error(.outOfRange(.second)), "Int64.min - 1"),
        ("99999999999999999999999", "1", .error(.outOfRange(.first)), "far too large"),
        // Twenty digits whose tenfold no longer fits in 64 bits: what is left of it after the
        // overflow is below the limit, so only the overflow itself can say the number is too large.
        ("20000000000000000000", "0", .error(.outOfRange(.first)), "a tenfold that overflows"),
        ("", "1", .error(.empty(.first)), "empty first"),
        ("1", "   ", .error(.empty(.second)), "blank second"),
        ("abc", "1", .error(.notAWholeNumber(.first)), "letters"),
        ("1", "1.5", .error(.notAWholeNumber(.second)), "decimal"),
        ("1e3", "1", .error(.notAWholeNumber(.first)), "exponent"),
        ("0x10", "1", .error(.notAWholeNumber(.first)), "hexadecimal"),
        ("1,000", "1", .error(.notAWholeNumber(.first)), "thousands separator"),
        ("1 2", "1", .error(.notAWholeNumber(.first)), "inner space"),
        ("-", "1", .error(.notAWholeNumber(.first)), "sign alone"),
        ("+-1", "1", .error(.notAWholeNumber(.first)), "two signs"),
        ("٣", "1", .error(.notAWholeNumber(.first)), "Arabic-Indic digit"),
        // The characters just past each run of digits: `:` after 9, `：` after full-width ９.
        ("1:", "1", .error(.notAWholeNumber(.first)), "a colon after the digits"),
        ("１：", "1", .error(.notAWholeNumber(.first)), "a full-width colon after the full-width digits"),
        ("/1", "1", .error(.notAWholeNumber(.first)), "a slash, the character before 0"),
        ("12abc", "1", .error(.notAWholeNumber(.first)), "trailing letters"),
        ("1", "🙂", .error(.notAWholeNumber(.second)), "emoji"),
        ("abc", "", .error(.notAWholeNumber(.first)), "first field's error comes first"),
        ("99999999999999999999x", "1", .error(.notAWholeNumber(.first)), "too long and not a number"),
    ]

    func testCatalog() {
        XCTAssertGreaterThanOrEqual(catalog.count, 30)
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

    func testHundredThousandCharacters() {
        let digits = String(repeating: "9", count: 100_000)
        XCTAssertEqual(WholeNumber.parse(digits), .failure(.outOfRange))
        let zeros = String(repeating: "0", count: 100_000) + "42"
        XCTAssertEqual(WholeNumber.parse(zeros), .success(42))
        let junk = String(repeating: "x", count: 100_000)
        XCTAssertEqual(WholeNumber.parse(junk), .failure(.notAWholeNumber))
    }

    /// A model no one has set holds two zeros, as its `init` says: the sum a page shows before
    /// anything is typed.
    func testANewModelHoldsTwoZeros() throws {
        let model = AdderModel()
        XCTAssertEqual(model.first, 0)
        XCTAssertEqual(model.second, 0)
        XCTAssertEqual(try model.total(), 0)
    }

    func testFailedSetKeepsPreviousNumbers() throws {
        let model = AdderModel()
        try model.set("1", "2")
        XCTAssertThrowsError(try model.set("x", "5"))
        XCTAssertEqual(model.first, 1)
        XCTAssertEqual(model.second, 2)
        XCTAssertEqual(try model.total(), 3)
    }

    func testEachErrorHasItsOwnMessage() {
        let errors: [AdderError] = [
            .empty(.first), .empty(.second), .notAWholeNumber(.first),
            .notAWholeNumber(.second), .outOfRange(.first), .outOfRange(.second),
            .sumTooLarge, .sumTooSmall,
        ]
        XCTAssertEqual(Set(errors.map(\.message)).count, errors.count)
        XCTAssertEqual(AdderError.notAWholeNumber(.first).message, "Enter a whole number in the first field")
        XCTAssertEqual(AdderError.sumTooLarge.message, "The sum is too large")
        XCTAssertNil(AdderError.sumTooLarge.field)
        XCTAssertEqual(AdderError.empty(.second).field, .second)
    }
}
