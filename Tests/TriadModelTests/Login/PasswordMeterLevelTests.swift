import XCTest

@testable import TriadModel

/// The meter's steps at their edges: pwquality's score 0 is a score (the lowest fair one), not
/// an error; 50 starts "good" and 75 "strong". Each password here was picked for the score
/// Debian 12's libpwquality gives it under Triad's settings, and the test says so first, so
/// that another library version fails on the premise, not on the level.
final class PasswordMeterLevelTests: XCTestCase {
    private let meter = PasswordMeter(policy: TestData.passwordPolicy)

    func testEachLevelStartsAtItsScore() {
        let cases: [(String, Int, Int)] = [("ykwksuuu", 0, 2), ("pd5zwjjp5y", 50, 3), ("gs86vswi008x", 75, 4)]
        for (password, score, level) in cases {
            let strength = meter.strength(of: password, userName: "kim")
            XCTAssertEqual(strength.score, score, "the premise: pwquality's score for \(password)")
            XCTAssertNil(strength.problem, password)
            XCTAssertEqual(strength.level, level, password)
        }
    }

    /// No password scores 49 or 74 with Debian 12's library (it scores in steps), so the scores
    /// either side of each edge are given to the meter's step directly.
    func testTheStepChangesBetweenFortyNineAndFiftyAndBetweenSeventyFourAndSeventyFive() {
        let cases = [(0, 2), (49, 2), (50, 3), (74, 3), (75, 4), (100, 4)]
        for (score, level) in cases {
            XCTAssertEqual(PasswordMeter.level(score: score), level, "score \(score)")
        }
    }

    /// The sentence under the meter for each step a score can give, and none for an empty field.
    func testEachStepSaysItsOwnSentence() {
        let hints = [0: "", 2: "Fair; a longer password is stronger.", 3: "Good password.", 4: "Strong password."]
        for (level, hint) in hints {
            XCTAssertEqual(PasswordStrength(level: level, score: nil, problem: nil).hint, hint, "level \(level)")
        }
    }
}
