import Glibc
import XCTest

@testable import TriadModel

/// The meter in the registration dialog: libpwquality's verdict behind Triad's own floor.
final class PasswordMeterTests: XCTestCase {
    private let meter = PasswordMeter(policy: TestData.passwordPolicy)

    func testTheDictionaryIsUsedWhereInstalled() {
        XCTAssertTrue(meter.usesDictionary, "cracklib's dictionary (Debian's cracklib-runtime, installed by make deps)")
        let weak = meter.strength(of: "porcupine", userName: "kim")
        XCTAssertEqual(weak.problem, .dictionaryWord)
        XCTAssertEqual(weak.level, 1)
        XCTAssertEqual(weak.hint, "This is based on a dictionary word; add unrelated words or characters.")
    }

    func testTheFloorComesFirst() {
        XCTAssertEqual(meter.strength(of: "", userName: "kim"), PasswordStrength(level: 0, score: nil, problem: nil))
        XCTAssertEqual(meter.strength(of: "", userName: "kim").hint, "")
        XCTAssertEqual(meter.strength(of: "abc", userName: "kim").problem, .tooShort(minimum: 8))
        XCTAssertEqual(meter.strength(of: "abc", userName: "kim").hint, "Use at least 8 characters.")
        XCTAssertEqual(meter.strength(of: "abc", userName: "kim").level, 1, "too short: one step, not an empty meter")
        XCTAssertEqual(meter.strength(of: "kimberly", userName: "kimberly").problem, .containsUserName)
        XCTAssertEqual(meter.strength(of: "kimberly", userName: "kimberly").level, 1, "the user name: one step")
        // pwquality alone accepts these (measured: `pwscore` scores 1,636 of the list's 5,000).
        for common in ["1234qwer", "qwer1234", "1qaz2wsx3edc"] {
            XCTAssertEqual(meter.strength(of: common, userName: "kim").problem, .common, common)
            XCTAssertEqual(meter.strength(of: common, userName: "kim").level, 1, common)
        }
    }

    func testPwqualityReasons() {
        XCTAssertEqual(meter.strength(of: "tanaka-2024!", userName: "tanaka").problem, .containsUserName)
        XCTAssertEqual(meter.strength(of: "abcdeffedcba", userName: "kim").problem, .palindrome)
        XCTAssertEqual(meter.strength(of: "abcdeffedcba", userName: "kim").level, 1)
    }

    /// The user name is a Triad account's, not the system's: libpwquality is told not to look up
    /// a system account of that name, whose real name would otherwise be refused in the password.
    func testTheSystemsAccountDetailsAreNotChecked() throws {
        let entry = try XCTUnwrap(getpwnam("list"), "Debian's base-passwd has the system account list")
        let realName = String(cString: entry.pointee.pw_gecos)
        let word = try XCTUnwrap(realName.split(separator: " ").first { $0.count > 3 }.map(String.init), "list's real name: \(realName)")
        let strength = meter.strength(of: "\(word) pears, 7 ferries & a lantern", userName: "list")
        XCTAssertNil(strength.problem, "a word of the system account's real name (\(word)) is no problem")
    }

    func testStrongPasswordsFillTheMeter() throws {
        let strong = meter.strength(of: "Plum tree, 7 ferries & a lantern", userName: "kim")
        XCTAssertNil(strong.problem)
        XCTAssertEqual(strong.level, 4, "score \(strong.score ?? -1)")
        XCTAssertEqual(strong.hint, "Strong password.")
        let fair = meter.strength(of: "Mx8#pt2q", userName: "kim")
        XCTAssertNil(fair.problem)
        XCTAssertLessThan(fair.level, strong.level, "a short random password scores lower: \(fair.score ?? -1)")
    }

    /// libpwquality is opened when a meter is made, not linked: the program starts without it, and
    /// a system that lacks it still gets a meter, one that knows only Triad's own policy.
    func testWithoutLibpwqualityTheMeterJudgesByThePolicyAlone() {
        XCTAssertTrue(meter.usesPWQuality, "libpwquality.so.1 (Debian's libpwquality1, installed by make deps)")
        let bare = PasswordMeter(policy: TestData.passwordPolicy, library: "libpwquality-not-installed.so.1")
        XCTAssertFalse(bare.usesPWQuality)
        XCTAssertFalse(bare.usesDictionary)
        XCTAssertEqual(bare.strength(of: "", userName: "kim").level, 0)
        XCTAssertEqual(bare.strength(of: "abc", userName: "kim").problem, .tooShort(minimum: 8))
        XCTAssertEqual(bare.strength(of: "1234qwer", userName: "kim").problem, .common)
        XCTAssertEqual(bare.strength(of: "kimberly", userName: "kimberly").problem, .containsUserName)
        let passes = bare.strength(of: "Plum tree, 7 ferries & a lantern", userName: "kim")
        XCTAssertEqual(passes, PasswordStrength(level: 2, score: nil, problem: nil), "fair: nothing measures it further")
        XCTAssertEqual(passes.hint, "Fair; a longer password is stronger.")
    }

    func testAMissingDictionaryLocksNobodyOut() {
        // Without a dictionary pwquality refuses every password ("error loading dictionary");
        // the meter then measures without it.
        let bare = PasswordMeter(policy: TestData.passwordPolicy, dictionaryPath: "/nonexistent/cracklib_dict")
        XCTAssertFalse(bare.usesDictionary)
        let strength = bare.strength(of: "Plum tree, 7 ferries & a lantern", userName: "kim")
        XCTAssertNil(strength.problem)
        XCTAssertEqual(strength.level, 4)
        XCTAssertNotEqual(bare.strength(of: "porcupine", userName: "kim").problem, .dictionaryWord)
        XCTAssertEqual(bare.strength(of: "1234qwer", userName: "kim").problem, .common, "the floor stays")
    }
}
