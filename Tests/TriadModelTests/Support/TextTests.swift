import TriadModel
import XCTest

/// The byte-level text search the app uses instead of Swift's regex library (Text.swift).
final class TextTests: XCTestCase {
    func testUTF8OffsetFindsTheFirstOccurrence() {
        XCTAssertEqual("/home/ann/triad/.build/release/triad".utf8Offset(of: "/.build"), 15)
        XCTAssertEqual("abcabc".utf8Offset(of: "bc"), 1)
        XCTAssertEqual("abc".utf8Offset(of: "abc"), 0)
        XCTAssertEqual("abc".utf8Offset(of: ""), 0)
        XCTAssertNil("abc".utf8Offset(of: "abcd"))
        XCTAssertNil("".utf8Offset(of: "a"))
        XCTAssertNil("/usr/bin/triad".utf8Offset(of: "/.build"))
        // Offsets count UTF-8 bytes: "é" and "日" are 2 and 3 bytes long.
        XCTAssertEqual("é日{name}".utf8Offset(of: "{name}"), 5)
    }

    func testContainsText() {
        XCTAssertTrue("disk I/O error: database or disk is full".containsText("disk is full"))
        XCTAssertTrue("%I:%M:%S %p".containsText("%p"))
        XCTAssertFalse("%H:%M:%S".containsText("%p"))
    }

    func testReplacingEveryOccurrence() {
        XCTAssertEqual("{n} and {n}".replacingEvery("{n}", with: "Ann"), "Ann and Ann")
        XCTAssertEqual("Added {count} users".replacingEvery("{count}", with: "1,000"), "Added 1,000 users")
        XCTAssertEqual("{name}さん、ようこそ".replacingEvery("{name}", with: "李"), "李さん、ようこそ")
        XCTAssertEqual("no placeholder".replacingEvery("{name}", with: "x"), "no placeholder")
        XCTAssertEqual("aaa".replacingEvery("aa", with: "b"), "ba", "left to right, without overlaps")
        XCTAssertEqual("keep".replacingEvery("", with: "x"), "keep")
        // A replacement holding the placeholder is not replaced again.
        XCTAssertEqual("{a}".replacingEvery("{a}", with: "{a}{a}"), "{a}{a}")
    }

    func testFillingPutsEveryValueInItsPlaceholder() {
        XCTAssertEqual("Moved to {path} ({reason})".filling(["path": "/tmp/x", "reason": "full"]), "Moved to /tmp/x (full)")
    }
}
