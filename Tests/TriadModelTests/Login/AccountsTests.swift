import Glibc
import XCTest

@testable import TriadModel

final class AccountsTests: XCTestCase {
    /// A clock the tests move by hand.
    final class FakeClock: @unchecked Sendable { var now: Int64 = 1_700_000_000 }

    @MainActor private static func makeAccounts(in directory: String, _ clock: FakeClock = FakeClock()) throws -> Accounts {
        Accounts(store: try Store(directory: directory), policy: TestData.passwordPolicy, clock: { clock.now })
    }

    /// Registers through the model's own path: without a writer the store answers at once, and
    /// so does the hashing (AccountsOffMainLoopTests drive the app's way, with a writer).
    @MainActor private static func register(_ accounts: Accounts, _ name: String, _ password: String) throws {
        let accepted = try accounts.validateRegistration(name: name, password: password, confirmation: password).get()
        var result: Result<Void, RegistrationError>?
        accounts.register(accepted) { result = $0 }
        try XCTUnwrap(result, "a store without a writer answers at once").get()
    }

    @MainActor private static func login(_ accounts: Accounts, _ name: String, _ password: String) -> LoginOutcome {
        var outcome: LoginOutcome?
        accounts.logIn(name: name, password: password) { outcome = $0 }
        guard let outcome else {
            XCTFail("a store without a writer answers at once")
            return .wrong
        }
        return outcome
    }

    func testRegistrationRuleCatalog() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let accounts = try Self.makeAccounts(in: directory)
            try Self.register(accounts, "Alice", "correct horse battery")
            let good = "Tr1ad-is-fine"
            let cases: [(String, String, String, RegistrationError?, String)] = [
                ("", good, good, .emptyName, "empty name"),
                ("   ", good, good, .emptyName, "blank name"),
                ("bob", "", good, .emptyPassword, "empty password"),
                ("bob", good, "", .emptyConfirmation, "empty confirmation"),
                ("", "", "", .emptyName, "all empty: the first field is named"),
                ("Alice", good, good, .nameTaken, "same name"),
                ("ali\u{0}ce", good, good, .nameHasControlCharacters, "NUL inside a name"),
                ("bob\tby", good, good, .nameHasControlCharacters, "tab inside a name"),
                ("alice", good, good, .nameTaken, "lower case"),
                ("ALICE", good, good, .nameTaken, "upper case"),
                ("ａｌｉｃｅ", good, good, .nameTaken, "full-width letters (NFKC)"),
                (" Alice ", good, good, .nameTaken, "surrounding spaces"),
                ("Alice", "short", "other", .nameTaken, "taken comes before other problems"),
                ("bob", good, good + "x", .passwordsDiffer, "passwords differ"),
                ("bob", "abc", "abd", .passwordsDiffer, "differ comes before weak"),
                ("bob", "abc", "abc", .weakPassword(.tooShort), "3 characters"),
                ("bob", "1234567", "1234567", .weakPassword(.tooShort), "7 characters"),
                ("bob", "パスワード", "パスワード", .weakPassword(.tooShort), "5 characters of Japanese"),
                ("bob", "password", "password", .weakPassword(.common), "password"),
                ("bob", "12345678", "12345678", .weakPassword(.common), "12345678"),
                ("bob", "iloveyou", "iloveyou", .weakPassword(.common), "iloveyou"),
                ("bob", "PASSWORD", "PASSWORD", .weakPassword(.common), "common, in capitals"),
                ("bob", "baseball", "baseball", .weakPassword(.common), "baseball"),
                ("charlie-brown", "charlie-brown", "charlie-brown", .weakPassword(.sameAsUserName), "same as name"),
                ("Charlie-Brown", "charlie-brown", "charlie-brown", .weakPassword(.sameAsUserName), "same as name, other case"),
                ("bob", good, good, nil, "a good registration"),
                ("김철수", "안전한 비밀번호 123", "안전한 비밀번호 123", nil, "Korean name and password"),
                ("张伟", "长城很长很长很长", "长城很长很长很长", nil, "eight Chinese characters"),
                ("🙂 smile", "emoji 🙂 pass", "emoji 🙂 pass", nil, "emoji"),
            ]
            XCTAssertGreaterThanOrEqual(cases.count, 25)
            for (name, password, confirmation, expected, label) in cases {
                switch accounts.validateRegistration(name: name, password: password, confirmation: confirmation) {
                case .success: XCTAssertNil(expected, label)
                case .failure(let error): XCTAssertEqual(error, expected, label)
                }
            }
        }
    }

    func testNormalisationEquivalences() {
        XCTAssertEqual(UserName.key("Alice"), UserName.key("alice"))
        XCTAssertEqual(UserName.key("ａｌｉｃｅ"), UserName.key("ALICE"))
        XCTAssertEqual(UserName.key("Straße"), UserName.key("STRASSE"))
        XCTAssertEqual(UserName.key("e\u{301}"), UserName.key("\u{E9}"), "combining accent = precomposed")
        XCTAssertEqual(UserName.key("ｶﾀｶﾅ"), UserName.key("カタカナ"), "half-width katakana")
        XCTAssertNotEqual(UserName.key("alice"), UserName.key("alicia"))
        XCTAssertNotEqual(UserName.key("alice\u{0}x"), UserName.key("alice"), "a NUL does not cut the name short")
        for tricky in ["\u{FFFD}\t\u{0}\u{0}\u{0}e\u{301}\u{88}", "a\u{0}", " \u{3000}b\t"] {
            XCTAssertEqual(UserName.key(UserName.key(tricky)), UserName.key(tricky), "idempotent: \(tricky.debugDescription)")
        }
        XCTAssertEqual(TestData.passwordPolicy.commonCount, 5000, "the list's comment lines are not passwords")
        XCTAssertEqual(TestData.passwordPolicy.weakness(of: "# The 5,000 most", userName: "x"), nil)
    }

    /// A table that cannot be read counts no accounts, as `count` says: never a number left over
    /// from before, nor one made up.
    func testTheCountIsZeroWhenTheAccountsCannotBeRead() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let accounts = Accounts(store: store, policy: TestData.passwordPolicy)
            try Self.register(accounts, "Alice", "correct horse battery")
            XCTAssertEqual(accounts.count, 1)
            try store.database.execute("ALTER TABLE accounts RENAME TO accounts_elsewhere")
            XCTAssertEqual(accounts.count, 0)
        }
    }

    func testHashRoundTripAndWrongPassword() throws {
        let hash = try PasswordHasher.hash("correct horse battery")
        XCTAssertTrue(hash.hasPrefix("$y$"), "yescrypt, parameters in the string: \(hash)")
        XCTAssertTrue(PasswordHasher.verify("correct horse battery", against: hash))
        XCTAssertFalse(PasswordHasher.verify("correct horse batterY", against: hash))
        XCTAssertFalse(PasswordHasher.verify("", against: hash))
        XCTAssertNotEqual(try PasswordHasher.hash("same"), try PasswordHasher.hash("same"), "a random salt per hash")
        XCTAssertFalse(PasswordHasher.verify("x", against: "not a hash"))
        // The decoy for unknown users must cost what a real check costs: same parameters.
        XCTAssertEqual(PasswordHasher.decoy.split(separator: "$").first, hash.split(separator: "$").first)
        XCTAssertEqual(PasswordHasher.decoy.split(separator: "$")[1], hash.split(separator: "$")[1])
        XCTAssertTrue(PasswordHasher.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        XCTAssertFalse(PasswordHasher.constantTimeEqual([1, 2, 3], [1, 2]))
        XCTAssertFalse(PasswordHasher.constantTimeEqual([9, 2, 3], [1, 2, 3]), "the first byte differs")
        XCTAssertFalse(PasswordHasher.constantTimeEqual([1, 2, 3], [1, 2, 9]), "the last byte differs")
        XCTAssertFalse(PasswordHasher.constantTimeEqual([UInt8](repeating: 0, count: 256), []), "lengths 256 apart")
        XCTAssertFalse(PasswordHasher.constantTimeEqual([], [UInt8](repeating: 0, count: 512)), "lengths 512 apart")
    }

    func testLoginSuccessAndSameMessageForUnknownUser() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let accounts = try Self.makeAccounts(in: directory)
            try Self.register(accounts, "Alice", "correct horse battery")
            XCTAssertEqual(Self.login(accounts, "ALICE", "correct horse battery"), .signedIn(displayName: "Alice"))
            let wrong = Self.login(accounts, "Alice", "nope nope nope")
            let unknown = Self.login(accounts, "Mallory", "nope nope nope")
            XCTAssertEqual(wrong, .wrong)
            XCTAssertEqual(unknown, .wrong)
            XCTAssertEqual(wrong.message, unknown.message)
            XCTAssertEqual(wrong.message, "User name or password is wrong")
            XCTAssertEqual(Self.login(accounts, "", "x"), .missingFields)
        }
    }

    func testUnknownUserTakesAsLongAsWrongPassword() throws {
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let accounts = try Self.makeAccounts(in: directory)
            try Self.register(accounts, "Alice", "correct horse battery")
            @MainActor func time(_ name: String) -> Double {
                var start = timespec()
                var end = timespec()
                clock_gettime(CLOCK_MONOTONIC, &start)
                _ = Self.login(accounts, name, "wrong password here")
                clock_gettime(CLOCK_MONOTONIC, &end)
                return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
            }
            _ = time("warm-up")
            let known = (0..<3).map { _ in time("Alice") }.sorted()[1]
            let unknown = (0..<3).map { _ in time("Nobody\(Int.random(in: 0...1_000_000))") }.sorted()[1]
            // Both do one full yescrypt computation; a fast path for unknown names would be ~1000× quicker.
            XCTAssertGreaterThan(unknown, known * 0.5, "known \(known) s, unknown \(unknown) s")
            XCTAssertLessThan(unknown, known * 2.0, "known \(known) s, unknown \(unknown) s")
        }
    }

    func testLockoutAfterFiveFailuresDoublesAndSurvivesRestart() throws {
        let clock = FakeClock()
        let directory = makeTemporaryDirectory(self)
        try MainActor.assumeIsolated {
            let accounts = Accounts(store: try Store(directory: directory), policy: TestData.passwordPolicy, clock: { clock.now })
            try Self.register(accounts, "Alice", "correct horse battery")
            for attempt in 1...4 {
                XCTAssertEqual(Self.login(accounts, "Alice", "wrong \(attempt)"), .wrong, "attempt \(attempt)")
            }
            XCTAssertEqual(Self.login(accounts, "Alice", "wrong 5"), .locked(secondsLeft: 30))
            clock.now += 10
            XCTAssertEqual(
                Self.login(accounts, "Alice", "correct horse battery"), .locked(secondsLeft: 20),
                "even the right password waits")
            XCTAssertTrue(LoginOutcome.locked(secondsLeft: 20).message.contains("20 seconds"))

            // Restart: a new model on the same file still knows the lock.
            let restarted = Accounts(store: try Store(directory: directory), policy: TestData.passwordPolicy, clock: { clock.now })
            XCTAssertEqual(restarted.lockRemaining(UserName.key("alice")), 20)
            clock.now += 20
            XCTAssertEqual(Self.login(restarted, "Alice", "wrong 6"), .locked(secondsLeft: 60), "doubles: 60 s")
            clock.now += 60
            XCTAssertEqual(Self.login(restarted, "Alice", "wrong 7"), .locked(secondsLeft: 120), "doubles: 120 s")
            clock.now += 120
            XCTAssertEqual(Self.login(restarted, "alice", "correct horse battery"), .signedIn(displayName: "Alice"))
            XCTAssertEqual(Self.login(restarted, "Alice", "wrong again"), .wrong, "success resets the count")
        }
    }

    func testNoPasswordInDatabaseFile() throws {
        let directory = makeTemporaryDirectory(self)
        let passwords = ["correct horse battery", "Tr1ad-is-fine", "안전한 비밀번호 123"]
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let accounts = Accounts(store: store, policy: TestData.passwordPolicy)
            for (i, password) in passwords.enumerated() {
                try Self.register(accounts, "user\(i)", password)
                _ = Self.login(accounts, "user\(i)", password)
                _ = Self.login(accounts, "user\(i)", password + " wrong")
            }
            try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let files = ["", "-wal", "-shm"].map { "\(directory)/\(DataLocation.fileName)\($0)" }
        let contents = files.map(readFile)
        XCTAssertGreaterThan(contents[0].count, 0)
        for password in passwords {
            let needle = Array(password.utf8)
            for (file, bytes) in zip(files, contents) {
                let found =
                    bytes.count >= needle.count
                    && (0...(bytes.count - needle.count)).contains {
                        bytes[$0..<($0 + needle.count)].elementsEqual(needle)
                    }
                XCTAssertFalse(found, "\(password) appears in \(file)")
            }
        }
    }
}
