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

/// The registered accounts: the rules a registration must meet.
@MainActor
public final class Accounts {
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
}
