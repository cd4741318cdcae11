import XCTest

@testable import TriadModel

/// One imported row's checks (Import/UserRowValidation.swift).
final class UserRowValidationTests: XCTestCase {
    /// The byte-wise e-mail check of ASCII text says what the Character-wise one says.
    func testASCIIEmailCheckAgreesWithTheGeneralOne() {
        let alphabet = Array("a@.  \t\r\nB-_+".utf8)
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        var valid = 0
        for _ in 0..<50_000 {
            func part(_ longest: Int) -> String {
                String(
                    decoding: (0..<Int.random(in: 0...longest, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! },
                    as: UTF8.self)
            }
            // Half of them shaped like an address, with random parts; half any text.
            let text = Bool.random(using: &generator) ? "\(part(3))@\(part(3)).\(part(3))" : part(12)
            let expected = UserRowValidation.isEmailByCharacters(text)
            XCTAssertEqual(UserRowValidation.isASCIIEmail(text.utf8), expected, text.debugDescription)
            checked += 1
            if expected { valid += 1 }
        }
        XCTAssertGreaterThan(valid, 100, "the generated texts include valid addresses")
        for text in [
            "a@b.c", "a@b..c", "@b.c", "a@.b", "a@b.", "a@b@c.d", "a b@c.d", "a@b.c\r\n", String(repeating: "a", count: 250) + "@b.cd",
            // The control characters beside ASCII's white space are not white space.
            "a\u{8}b@c.d", "a\u{B}b@c.d", "a\u{C}b@c.d", "a\u{E}b@c.d", "a\u{1F}b@c.d", "a!b@c.d",
        ] {
            XCTAssertEqual(UserRowValidation.isASCIIEmail(text.utf8), UserRowValidation.isEmailByCharacters(text), text)
        }
    }
}
