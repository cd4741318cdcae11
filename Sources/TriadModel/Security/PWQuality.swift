import CPWQuality
import Glibc

/// libpwquality with Triad's settings, the C side of ``PasswordMeter`` (Login/PasswordMeter.swift):
/// the library opened at run time (SharedLibrary.swift), its settings object, and its error codes
/// read as ``PasswordProblem``s. Without cracklib's dictionary (not installed, or a sandbox
/// without it) pwquality would refuse every password ("error loading dictionary"): it then
/// measures without the dictionary check rather than lock anyone out.
final class PWQuality {
    /// What pwquality says of a password.
    enum Verdict: Equatable {
        /// Nothing against it: its score, 0–100.
        case score(Int)
        /// The reason it is weak.
        case problem(PasswordProblem)
    }

    private let functions: Functions
    private let settings: OpaquePointer
    /// Whether cracklib's dictionary could be used.
    let usesDictionary: Bool

    /// Opens `library` and makes its settings: passwords of at least `minimumLength` characters,
    /// no check against the system's account details, cracklib's dictionary at `dictionaryPath`
    /// (nil: cracklib's default). Nil when the library or its settings cannot be had.
    init?(library: String, minimumLength: Int, dictionaryPath: String?) {
        guard let functions = Functions(soname: library), let settings = functions.defaultSettings() else { return nil }
        self.functions = functions
        self.settings = settings
        _ = functions.setInteger(settings, PWQ_SETTING_MIN_LENGTH, Int32(minimumLength))
        _ = functions.setInteger(settings, PWQ_SETTING_GECOS_CHECK, 0)  // the account is Triad's, not the system's
        if let dictionaryPath { _ = functions.setString(settings, PWQ_SETTING_DICT_PATH, dictionaryPath) }
        // A long random password every dictionary accepts: if it is refused, the dictionary is missing.
        usesDictionary = functions.score(settings, "Xq7#Lp2!vR9@zK4%mW", userName: nil) != PWQ_ERROR_CRACKLIB_CHECK
        if !usesDictionary { _ = functions.setInteger(settings, PWQ_SETTING_DICT_CHECK, 0) }
    }

    deinit {
        functions.freeSettings(settings)
    }

    /// pwquality's verdict on `password` for the account `userName` (nil: no name to compare).
    func check(_ password: String, userName: String?) -> Verdict {
        let code = functions.score(settings, password, userName: userName)
        return code >= 0 ? .score(Int(code)) : .problem(PasswordProblem(pwqualityError: code))
    }

    /// libpwquality's functions, looked up by name in the opened library.
    private struct Functions {
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
}

extension PasswordProblem {
    /// The problem one of pwquality's error codes names.
    fileprivate init(pwqualityError code: Int32) {
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
