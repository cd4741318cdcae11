import CPWQuality
import Glibc

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
        case 1, 2: return L("Fair; a longer password is stronger.")
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

    init(pwqualityError code: Int32) {
        switch code {
        case PWQ_ERROR_MIN_LENGTH: self = .tooShort(minimum: PasswordPolicy.minimumLength)
        case PWQ_ERROR_CRACKLIB_CHECK, PWQ_ERROR_BAD_WORDS: self = .dictionaryWord
        case PWQ_ERROR_USER_CHECK, PWQ_ERROR_GECOS_CHECK: self = .containsUserName
        case PWQ_ERROR_PALINDROME: self = .palindrome
        case PWQ_ERROR_MIN_CLASSES, PWQ_ERROR_MIN_DIGITS, PWQ_ERROR_MIN_UPPERS, PWQ_ERROR_MIN_LOWERS,
            PWQ_ERROR_MIN_OTHERS:
            self = .tooFewKinds
        case PWQ_ERROR_MAX_CONSECUTIVE, PWQ_ERROR_MAX_CLASS_REPEAT: self = .repeatedCharacters
        case PWQ_ERROR_MAX_SEQUENCE: self = .sequence
        default: self = .other
        }
    }
}

/// libpwquality's functions, from the library opened when a meter is made (SharedLibrary.swift).
private struct PWQuality {
    let defaultSettings: triad_pwquality_default_settings_function
    let freeSettings: triad_pwquality_free_settings_function
    let setInteger: triad_pwquality_set_int_value_function
    let setString: triad_pwquality_set_str_value_function
    let check: triad_pwquality_check_function
    let describe: triad_pwquality_strerror_function

    init?(soname: String) {
        guard let library = SharedLibrary(soname),
            let defaultSettings = library.function("pwquality_default_settings", as: triad_pwquality_default_settings_function.self),
            let freeSettings = library.function("pwquality_free_settings", as: triad_pwquality_free_settings_function.self),
            let setInteger = library.function("pwquality_set_int_value", as: triad_pwquality_set_int_value_function.self),
            let setString = library.function("pwquality_set_str_value", as: triad_pwquality_set_str_value_function.self),
            let check = library.function("pwquality_check", as: triad_pwquality_check_function.self),
            let describe = library.function("pwquality_strerror", as: triad_pwquality_strerror_function.self)
        else { return nil }
        (self.defaultSettings, self.freeSettings, self.setInteger) = (defaultSettings, freeSettings, setInteger)
        (self.setString, self.check, self.describe) = (setString, check, describe)
    }

    /// pwquality_check's result (a score, or a negative error code).
    func score(_ settings: OpaquePointer, _ password: String, userName: String?) -> Int32 {
        var auxiliary: UnsafeMutableRawPointer?
        let code = check(settings, password, nil, userName, &auxiliary)
        if code < 0 {  // the reason's details must go through pwquality_strerror, which frees them
            var buffer = [CChar](repeating: 0, count: 256)
            _ = describe(&buffer, buffer.count, code, auxiliary)
        }
        return code
    }
}

/// libpwquality with Triad's settings. Without cracklib's dictionary (not installed, or a
/// sandbox without it) pwquality would refuse every password ("error loading dictionary"): the
/// meter then measures without the dictionary check rather than lock anyone out. Without
/// libpwquality itself (a system that lacks libpwquality.so.1), it judges by Triad's policy alone:
/// what the policy refuses is weak, anything else fair.
public final class PasswordMeter {
    private let pwquality: PWQuality?
    private let settings: OpaquePointer?
    private let policy: PasswordPolicy
    /// Whether libpwquality could be opened.
    public var usesPWQuality: Bool { settings != nil }
    /// Whether cracklib's dictionary could be used.
    public let usesDictionary: Bool

    /// A meter with Triad's settings, opening libpwquality now.
    /// - Parameters:
    ///   - policy: the rules that refuse a password, checked before libpwquality is asked.
    ///   - dictionaryPath: cracklib's dictionary (nil: cracklib's default).
    ///   - library: libpwquality's file name (a test names a missing one).
    public init(policy: PasswordPolicy, dictionaryPath: String? = nil, library: String = "libpwquality.so.1") {
        self.policy = policy
        pwquality = PWQuality(soname: library)
        guard let pwquality, let settings = pwquality.defaultSettings() else {
            settings = nil
            usesDictionary = false
            return
        }
        self.settings = settings
        _ = pwquality.setInteger(settings, PWQ_SETTING_MIN_LENGTH, Int32(PasswordPolicy.minimumLength))
        _ = pwquality.setInteger(settings, PWQ_SETTING_GECOS_CHECK, 0)  // the account is Triad's, not the system's
        if let dictionaryPath { _ = pwquality.setString(settings, PWQ_SETTING_DICT_PATH, dictionaryPath) }
        // A long random password every dictionary accepts: if it is refused, the dictionary is missing.
        usesDictionary = pwquality.score(settings, "Xq7#Lp2!vR9@zK4%mW", userName: nil) != PWQ_ERROR_CRACKLIB_CHECK
        if !usesDictionary { _ = pwquality.setInteger(settings, PWQ_SETTING_DICT_CHECK, 0) }
    }

    deinit {
        if let pwquality, let settings { pwquality.freeSettings(settings) }
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
        guard let pwquality, let settings else { return PasswordStrength(level: 2, score: nil, problem: nil) }
        let score = pwquality.score(settings, password, userName: userName.isEmpty ? nil : userName)
        guard score >= 0 else {
            return PasswordStrength(level: 1, score: nil, problem: PasswordProblem(pwqualityError: score))
        }
        let level = score < 50 ? 2 : score < 75 ? 3 : 4
        return PasswordStrength(level: level, score: Int(score), problem: nil)
    }
}
