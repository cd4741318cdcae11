// Seed 002's `LandModel`: the accounts, now stored as yescrypt hashes, with registration rules
// that give exactly one outcome per attempt and a lock after repeated failed logins.

/// The one outcome of a registration attempt that cannot go ahead.
public enum RegistrationError: Error, Equatable, Sendable {
    /// The user name is empty (or only spaces).
    case emptyName
    /// The password is empty.
    case emptyPassword
    /// The password was not typed a second time.
    case emptyConfirmation
    /// The user name holds a tab, a line break or another control character.
    case nameHasControlCharacters
    /// Someone has registered this name already (compared as ``UserName/key(_:)`` folds it).
    case nameTaken
    /// The password and its confirmation differ.
    case passwordsDiffer
    /// The password breaks one of the password rules.
    case weakPassword(PasswordWeakness)
    /// The store could not save the account (its message, said for the user).
    case storage(String)

    /// The outcome as the registration form shows it, translated.
    public var message: String {
        switch self {
        case .emptyName: L("Enter a user name")
        case .emptyPassword: L("Enter a password")
        case .emptyConfirmation: L("Enter the password a second time to confirm it")
        case .nameHasControlCharacters: L("The user name cannot contain tabs, line breaks or other control characters")
        case .nameTaken: L("This user name is already registered")
        case .passwordsDiffer: L("The two passwords differ")
        case .weakPassword(.tooShort): L("The password must have at least 8 characters")
        case .weakPassword(.common): L("This password is too common; choose another")
        case .weakPassword(.sameAsUserName): L("The password must not be the same as the user name")
        case .storage(let detail): detail
        }
    }
}

/// A registration that passed every rule and may be hashed and stored.
public struct AcceptedRegistration: Sendable {
    /// The name as the user typed it, trimmed: what greets them after login.
    public let displayName: String
    /// The name folded for comparison (``UserName/key(_:)``), under which the account is stored.
    public let nameKey: String
    /// The password, to be hashed before it is stored.
    public let password: String
}

/// How a login attempt ended, as the login page reports it.
public enum LoginOutcome: Equatable, Sendable {
    /// The password matched: the user is signed in under this name.
    case signedIn(displayName: String)
    /// The name or the password is wrong (the answer does not say which).
    case wrong
    /// Too many failed attempts: the name is locked for this many more seconds.
    case locked(secondsLeft: Int64)
    /// The name or the password is empty.
    case missingFields

    /// The outcome as the login page shows it, translated.
    public var message: String {
        switch self {
        case .signedIn(let name): L("Signed in as {name}").filling(["name": name])
        case .wrong: L("User name or password is wrong")
        case .missingFields: L("Enter your user name and password")
        case .locked(let seconds):
            LN(
                "Too many failed attempts. Try again in {count} second.", "Too many failed attempts. Try again in {count} seconds.",
                Int(seconds)
            )
            .filling(["count": String(seconds)])
        }
    }
}

/// The registered accounts: the rules a registration must meet, and login with its lock after
/// repeated failures.
@MainActor
public final class Accounts {
    /// The failed logins a name may have before it is locked.
    nonisolated public static let attemptsBeforeLock = 5
    /// How long the first lock lasts; each further failure doubles it.
    nonisolated public static let firstLockSeconds: Int64 = 30
    /// The longest a lock lasts, however many failures there were.
    nonisolated public static let longestLockSeconds: Int64 = 24 * 60 * 60

    private let store: Store
    private var database: Database { store.database }
    private let clock: () -> Int64
    private let makePolicy: () -> PasswordPolicy
    /// Made on the first registration, not with the login page: reading 5,000 common passwords
    /// is work only registering needs.
    private lazy var policy = makePolicy()

    /// The accounts kept in `store`, checked against `policy` (made when first needed) and timed
    /// by `clock` (seconds since 1970; the tests give their own).
    public init(store: Store, policy: @autoclosure @escaping () -> PasswordPolicy, clock: @escaping () -> Int64 = WallClock.seconds) {
        self.store = store
        makePolicy = policy
        self.clock = clock
    }

    /// How many accounts are registered (0 if the store cannot be read).
    public var count: Int {
        Int((try? database.scalar("SELECT count(*) FROM accounts"))??.integer ?? 0)
    }

    // MARK: Registration

    /// Checks an attempt against the rules, in the order people expect to hear about them.
    public func validateRegistration(name: String, password: String, confirmation: String) -> Result<
        AcceptedRegistration, RegistrationError
    > {
        let displayName = name.trimmingWhitespace
        if displayName.isEmpty { return .failure(.emptyName) }
        if password.isEmpty { return .failure(.emptyPassword) }
        if confirmation.isEmpty { return .failure(.emptyConfirmation) }
        if UserName.hasControlCharacters(displayName) { return .failure(.nameHasControlCharacters) }
        let key = UserName.key(displayName)
        if exists(key) { return .failure(.nameTaken) }
        if password != confirmation { return .failure(.passwordsDiffer) }
        if let weakness = policy.weakness(of: password, userName: displayName) {
            return .failure(.weakPassword(weakness))
        }
        return .success(AcceptedRegistration(displayName: displayName, nameKey: key, password: password))
    }

    /// Registers an accepted registration: hashes its password off the main loop (yescrypt is
    /// slow on purpose), stores the name and the hash, never the password, and tells `done` how
    /// it went, on the main loop.
    public func register(
        _ registration: AcceptedRegistration, then done: @escaping @MainActor (Result<Void, RegistrationError>) -> Void
    ) {
        store.writes.offMainLoop(
            { try? PasswordHasher.hash(registration.password) },
            then: { hash in
                guard let hash else { return done(.failure(.storage(L("The password could not be protected; please try again.")))) }
                self.store(registration, hash: hash, then: done)
            })
    }

    /// Stores an accepted registration with its hash through the store's write queue: `done`
    /// hears the outcome once the store has answered.
    private func store(
        _ registration: AcceptedRegistration, hash: String,
        then done: @escaping @MainActor (Result<Void, RegistrationError>) -> Void
    ) {
        let createdAt = clock()
        store.writes.write(
            { database in
                try database.execute(
                    "INSERT INTO accounts (name_key, display_name, password_hash, created_at) VALUES (?, ?, ?, ?)",
                    [.text(registration.nameKey), .text(registration.displayName), .text(hash), .integer(createdAt)])
            },
            then: { error in
                guard let error else { return done(.success(())) }
                if error.code & 0xFF == 19 { return done(.failure(.nameTaken)) }  // SQLITE_CONSTRAINT: registered meanwhile
                done(.failure(.storage(error.explained(L("The account was not created; the form keeps what you entered.")))))
            })
    }

    private func exists(_ key: String) -> Bool {
        ((try? database.scalar("SELECT 1 FROM accounts WHERE name_key = ?", [.text(key)])) ?? nil) != nil
    }

    // MARK: Login

    /// Logs in: refuses at once what needs no hash (empty fields, a locked name), or checks the
    /// password against the stored hash off the main loop, records the result and tells `done`
    /// the outcome, on the main loop. `checking` hears first that a check has begun.
    public func logIn(
        name: String, password: String, checking: @escaping @MainActor () -> Void = {},
        then done: @escaping @MainActor (LoginOutcome) -> Void
    ) {
        let displayName = name.trimmingWhitespace
        if displayName.isEmpty || password.isEmpty { return done(.missingFields) }
        let key = UserName.key(displayName)
        let remaining = lockRemaining(key)
        if remaining > 0 { return done(.locked(secondsLeft: remaining)) }
        let row = (try? database.rows("SELECT display_name, password_hash FROM accounts WHERE name_key = ?", [.text(key)]))?.first
        // An unknown name is checked against a decoy hash, which matches no password: it takes
        // as long as a wrong password, and answers the same.
        let hash = row?[1].text ?? PasswordHasher.decoy
        checking()
        store.writes.offMainLoop(
            { PasswordHasher.verify(password, against: hash) },
            then: { matched in
                guard matched, let registeredName = row?[0].text else { return self.recordFailure(key, then: done) }
                self.recordSuccess(key)
                done(.signedIn(displayName: registeredName))
            })
    }

    /// Clears the name's failed logins after one that matched (through the store's write queue,
    /// so a busy store never holds up the main loop).
    private func recordSuccess(_ key: String) {
        store.writes.write(
            { try $0.execute("DELETE FROM login_failures WHERE name_key = ?", [.text(key)]) },
            then: { [weak self] in self?.lastRecordError = $0 })
    }

    /// Seconds the name is still locked for (0 when it is not).
    public func lockRemaining(_ key: String) -> Int64 {
        let stored = try? database.scalar("SELECT locked_until FROM login_failures WHERE name_key = ?", [.text(key)])
        guard let until = stored?.integer else { return 0 }  // a name that has never failed
        return max(0, until - clock())
    }

    /// Counts the failure and, from the `attemptsBeforeLock`-th on, locks the name for
    /// `firstLockSeconds`, doubling with each further failure up to `longestLockSeconds`. Read
    /// and written in one transaction, so failures that arrive together are all counted. If the
    /// count cannot be stored, the answer is still "wrong", and the store's error is kept to say
    /// why (the one thing lost is that count).
    private func recordFailure(_ key: String, then done: @escaping @MainActor (LoginOutcome) -> Void) {
        let now = clock()
        store.writes.write(
            { database in
                let failures =
                    (try database.scalar("SELECT failures FROM login_failures WHERE name_key = ?", [.text(key)])?.integer ?? 0) + 1
                let lockedUntil = Accounts.lockedUntil(failures: failures, now: now)
                try database.execute(
                    """
                    INSERT INTO login_failures (name_key, failures, locked_until) VALUES (?, ?, ?) \
                    ON CONFLICT(name_key) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until
                    """, [.text(key), .integer(failures), .integer(lockedUntil)])
                return lockedUntil
            },
            then: { [weak self] (result: Result<Int64, StoreError>) in
                switch result {
                case .success(let lockedUntil):
                    self?.lastRecordError = nil
                    done(lockedUntil != 0 ? .locked(secondsLeft: lockedUntil - now) : .wrong)
                case .failure(let error):
                    self?.lastRecordError = error
                    done(.wrong)
                }
            })
    }

    nonisolated static func lockedUntil(failures: Int64, now: Int64) -> Int64 {
        guard failures >= Int64(attemptsBeforeLock) else { return 0 }
        let doublings = min(failures - Int64(attemptsBeforeLock), 20)
        return now + min(firstLockSeconds << doublings, longestLockSeconds)
    }

    /// Why the last failure count could not be stored, if it could not.
    public private(set) var lastRecordError: StoreError?
}
