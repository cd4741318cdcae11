import XCTest

@testable import TriadModel

final class AddressValidationTests: XCTestCase {
    private func form(
        _ street: String = "1 Main St", _ city: String = "Springfield",
        _ state: String = "IL", _ postal: String = "62701"
    ) -> AddressForm {
        form(street: street, city: city, state: state, postal: postal)
    }

    private func form(
        street: String = "1 Main St", city: String = "Springfield",
        state: String = "IL", postal: String
    ) -> AddressForm {
        AddressForm([.street: street, .city: city, .state: state, .postalCode: postal])
    }

    private func problems(_ form: AddressForm) -> [FieldProblem] {
        if case .failure(let problems) = AddressValidation.validate(form) { return problems.items }
        return []
    }

    func testCatalog() {
        let long = String(repeating: "a", count: 201)
        let tenThousand = String(repeating: "長", count: 10_000)
        let cases: [(AddressForm, [FieldProblem], String)] = [
            (form(), [], "plain US address"),
            (form("1-2-3 丸の内", "千代田区", "東京都", "100-0005"), [], "Japanese address"),
            (form("中关村大街 27 号", "北京市", "北京", "100080"), [], "Chinese address"),
            (form("세종대로 110", "서울특별시", "서울", "04524"), [], "Korean address"),
            (form("10 Downing St", "London", "England", "SW1A 2AA"), [], "UK postcode with space"),
            (form(postal: "12345-6789"), [], "US ZIP+4"),
            (form("🏠 Emoji Lane 🌳", "Città", "Île-de-France", "75001"), [], "emoji and accents"),
            (form(String(repeating: "a", count: 200)), [], "exactly 200 characters"),
            (form(postal: "ABC"), [], "three-character postal code"),
            (form(postal: "1234567890"), [], "ten-character postal code"),
            (form(""), [FieldProblem(.street, .required)], "empty street"),
            (form("   "), [FieldProblem(.street, .required)], "blank street"),
            (form(city: "\u{3000}", postal: "62701"), [FieldProblem(.city, .required)], "ideographic space only"),
            (form("", "", "", ""), AddressField.allCases.map { FieldProblem($0, .required) }, "all empty"),
            (form(long), [FieldProblem(.street, .tooLong)], "201 characters"),
            (form(city: tenThousand, postal: "62701"), [FieldProblem(.city, .tooLong)], "10,000 characters"),
            (form("Line\nbreak"), [FieldProblem(.street, .controlCharacters)], "newline inside"),
            (form(state: "Tab\there", postal: "62701"), [FieldProblem(.state, .controlCharacters)], "tab inside"),
            (form(city: "Bell\u{7}", postal: "62701"), [FieldProblem(.city, .controlCharacters)], "bell character"),
            (form(postal: "12"), [FieldProblem(.postalCode, .postalCodeFormat)], "postal code too short"),
            (form(postal: "12345678901"), [FieldProblem(.postalCode, .postalCodeFormat)], "postal code too long"),
            (form(postal: "123#45"), [FieldProblem(.postalCode, .postalCodeFormat)], "symbol in postal code"),
            (form(postal: "１２３-４５６７"), [FieldProblem(.postalCode, .postalCodeFormat)], "full-width digits"),
            (form(postal: "12_345"), [FieldProblem(.postalCode, .postalCodeFormat)], "underscore"),
            (
                form("", "Springfield", "IL", "1"), [FieldProblem(.street, .required), FieldProblem(.postalCode, .postalCodeFormat)],
                "several problems at once, in field order"
            ),
            (form(postal: "  62701  "), [], "postal code trimmed before checking"),
        ]
        XCTAssertGreaterThanOrEqual(cases.count, 25)
        for (input, expected, name) in cases {
            XCTAssertEqual(problems(input), expected, name)
        }
    }

    func testTrimmedBeforeStoring() throws {
        let result = AddressValidation.validate(form("  1 Main St ", "\tSpringfield", "IL\u{3000}", " 62701"))
        XCTAssertEqual(try result.get(), Address(street: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701"))
    }

    func testMessagesNameTheirField() {
        XCTAssertEqual(FieldProblem(.street, .required).message, "Street is required")
        XCTAssertEqual(
            FieldProblem(.postalCode, .postalCodeFormat).message,
            "Postal code must be 3 to 10 letters, digits, spaces or hyphens")
        XCTAssertTrue(FieldProblem(.city, .tooLong).message.hasPrefix("City"))
    }
}
