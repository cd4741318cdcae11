import XCTest

@testable import TriadModel

/// An imported row's limits, taken at exactly their length and refused one past it. A field holds
/// at most `maximumFieldLength` characters, counted as a person counts them, not in bytes. The
/// longest address an e-mail can have is 254 characters (RFC 5321's path, less its angle
/// brackets), on both of `isEmail`'s paths (bytes for ASCII text, Characters for any other).
final class UserRowLimitsTests: XCTestCase {
    private static let longest = 254

    private func address(length: Int, letter: String) -> String {
        let domain = "@example.org"
        return String(repeating: letter, count: length - domain.count) + domain
    }

    func testAnASCIIAddressOfTheLongestLengthIsTaken() {
        let longest = address(length: Self.longest, letter: "a")
        XCTAssertEqual(longest.utf8.count, Self.longest)
        XCTAssertTrue(UserRowValidation.isEmail(longest))
        XCTAssertFalse(UserRowValidation.isEmail(address(length: Self.longest + 1, letter: "a")))
    }

    func testAnAddressOfTheLongestLengthInCharactersIsTaken() {
        let longest = address(length: Self.longest, letter: "é")
        XCTAssertEqual(longest.count, Self.longest)
        XCTAssertGreaterThan(longest.utf8.count, Self.longest, "counted in characters, not bytes")
        XCTAssertTrue(UserRowValidation.isEmail(longest))
        XCTAssertFalse(UserRowValidation.isEmail(address(length: Self.longest + 1, letter: "é")))
    }

    func testAFieldOfTheLongestLengthInCharactersIsTaken() throws {
        let longest = String(repeating: "é", count: UserRowValidation.maximumFieldLength)
        XCTAssertGreaterThan(longest.utf8.count, UserRowValidation.maximumFieldLength, "more bytes than characters")
        let user = try UserRowValidation.validate([longest, "Lovelace", "ada@example.org", "36"]).get()
        XCTAssertEqual(user.firstName, longest)
        XCTAssertEqual(
            UserRowValidation.validate([longest + "é", "Lovelace", "ada@example.org", "36"]),
            .failure(.fieldTooLong(UserField.firstName.columnName)))
    }

    /// Values for fewer fields than there are (a caller that has no age column) read as if the
    /// rest were left out: not known, never read past the end.
    func testFewerValuesThanFieldsLeaveTheRestUnknown() throws {
        let user = try UserRowValidation.validate(["Ada", "Lovelace", "ada@example.org"]).get()
        XCTAssertEqual(user, User(firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", age: nil))
        XCTAssertEqual(UserRowValidation.validate(["Ada", "Lovelace"]), .failure(.missingField("email")))
    }
}
