/// How strong a new password is, measured as GNOME Settings measures it: libpwquality's score
/// (0–100) or the reason it found against the password, shown as a meter of 0–4 steps with a hint.
/// The meter advises; what is refused is still PasswordPolicy's (too short, common, the user
/// name), which is also checked first here so meter and refusal never disagree.
public struct PasswordStrength: Equatable, Sendable {
    /// 0 (nothing typed) … 4 (strong): the meter's steps.
    public let level: Int
    /// pwquality's score, when it found nothing against the password.
    public let score: Int?
    /// The reason it is weak, if one was found.
    public let problem: PasswordProblem?

    /// The sentence under the meter.
    public var hint: String {
        if let problem { return problem.hint }
        switch level {
        case 0: return ""
        case ...2: return L("Fair; a longer password is stronger.")
        case 3: return L("Good password.")
        default: return L("Strong password.")
        }
    }
}

/// Why a password is weak: Triad's hard floor (PasswordPolicy) or pwquality's reason.
public enum PasswordProblem: Equatable, Sendable {
    /// Shorter than the policy's minimum, which it names.
    case tooShort(minimum: Int)
    /// One of the most common passwords, which an attacker tries first.
    case common
    /// It holds the user name.
    case containsUserName
    /// It is based on a dictionary word (cracklib's check).
    case dictionaryWord
    /// It reads the same both ways.
    case palindrome
    /// Too few kinds of characters (letters, digits, punctuation).
    case tooFewKinds
    /// The same character too many times in a row.
    case repeatedCharacters
    /// A run such as `1234` or `abcd`.
    case sequence
    /// A reason libpwquality gives that Triad has no words of its own for.
    case other

    /// The advice shown under the meter, translated.
    public var hint: String {
        switch self {
        case .tooShort(let minimum): return L("Use at least {count} characters.").filling(["count": String(minimum)])
        case .common: return L("This is one of the most common passwords; it would be guessed first.")
        case .containsUserName: return L("Do not use your user name in the password.")
        case .dictionaryWord: return L("This is based on a dictionary word; add unrelated words or characters.")
        case .palindrome: return L("This reads the same both ways; choose something less regular.")
        case .tooFewKinds: return L("Mix letters, digits and punctuation.")
        case .repeatedCharacters: return L("Avoid repeating the same character.")
        case .sequence: return L("Avoid sequences such as 1234 or abcd.")
        case .other: return L("Try a longer password with different kinds of characters.")
        }
    }
}

/// How strong a new password is, for the meter under the registration form: Triad's policy
/// first, then libpwquality's score or reason (Security/PWQuality.swift opens it and keeps its
/// settings). Without libpwquality (a system that lacks libpwquality.so.1), it judges by Triad's
/// policy alone: what the policy refuses is weak, anything else fair.
public final class PasswordMeter {
    private let pwquality: PWQuality?
    private let policy: PasswordPolicy
    /// Whether libpwquality could be opened.
    public var usesPWQuality: Bool { pwquality != nil }
    /// Whether cracklib's dictionary could be used.
    public var usesDictionary: Bool { pwquality?.usesDictionary ?? false }

    /// A meter with Triad's settings, opening libpwquality now.
    /// - Parameters:
    ///   - policy: the rules that refuse a password, checked before libpwquality is asked.
    ///   - dictionaryPath: cracklib's dictionary (nil: cracklib's default).
    ///   - library: libpwquality's file name (a test names a missing one).
    public init(policy: PasswordPolicy, dictionaryPath: String? = nil, library: String = "libpwquality.so.1") {
        self.policy = policy
        pwquality = PWQuality(library: library, minimumLength: PasswordPolicy.minimumLength, dictionaryPath: dictionaryPath)
    }

    /// How strong `password` is for the account `userName`, for the meter under the field.
    public func strength(of password: String, userName: String) -> PasswordStrength {
        guard !password.isEmpty else { return PasswordStrength(level: 0, score: nil, problem: nil) }
        switch policy.weakness(of: password, userName: userName) {
        case .tooShort?: return PasswordStrength(level: 1, score: nil, problem: .tooShort(minimum: PasswordPolicy.minimumLength))
        case .common?: return PasswordStrength(level: 1, score: nil, problem: .common)
        case .sameAsUserName?: return PasswordStrength(level: 1, score: nil, problem: .containsUserName)
        case nil: break
        }
        guard let pwquality else { return PasswordStrength(level: 2, score: nil, problem: nil) }
        switch pwquality.check(password, userName: userName.isEmpty ? nil : userName) {
        case .problem(let problem): return PasswordStrength(level: 1, score: nil, problem: problem)
        case .score(let score): return PasswordStrength(level: Self.level(score: score), score: score, problem: nil)
        }
    }

    /// The meter's step for a score pwquality found nothing against: fair below 50, good below
    /// 75, strong from there.
    static func level(score: Int) -> Int {
        score < 50 ? 2 : score < 75 ? 3 : 4
    }
}
