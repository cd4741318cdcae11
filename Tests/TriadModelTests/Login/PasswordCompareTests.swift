import XCTest

@testable import TriadModel

/// The constant-time comparison behind `verify`: a stored hash damaged to another length (cut
/// short, or with bytes added) answers "no match", whichever of the two is the shorter, and
/// reads neither past its end.
final class PasswordCompareTests: XCTestCase {
    func testHashesOfDifferentLengthsDoNotMatch() {
        let hash = Array("$y$j9T$salt$abcdef".utf8)
        XCTAssertTrue(PasswordHasher.constantTimeEqual(hash, hash))
        XCTAssertFalse(PasswordHasher.constantTimeEqual(Array(hash.dropLast()), hash), "the computed hash the shorter")
        XCTAssertFalse(PasswordHasher.constantTimeEqual(hash, Array(hash.dropLast())), "the stored hash the shorter")
        XCTAssertFalse(PasswordHasher.constantTimeEqual([], hash))
        XCTAssertFalse(PasswordHasher.constantTimeEqual(hash, hash.dropLast() + [UInt8(ascii: "g")]), "the last byte differs")
        XCTAssertFalse(PasswordHasher.constantTimeEqual(hash, [UInt8(ascii: "#")] + hash.dropFirst()), "the first byte differs")
    }
}
