/// User names are compared after Unicode NFKC normalisation and case folding, so `Alice`,
/// `alice` and `ａｌｉｃｅ` are one name. The name is shown as the user typed it (trimmed).
public enum UserName {
    /// Whether the name holds control characters (NUL, tabs, line breaks…), which are refused.
    public static func hasControlCharacters(_ name: String) -> Bool {
        name.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// The comparison key of a name. Control characters are dropped first: the folding (GLib's)
    /// reads C strings, which end at a NUL, and "alice\0x" must not become "alice" (found by the
    /// fuzzer).
    public static func key(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: name.unicodeScalars.filter { $0.properties.generalCategory != .control })
        // NFKC and case folding do not always settle in one round (Cherokee, combining marks:
        // found by the fuzzer); repeat to the fixed point so that key(key(x)) == key(x).
        var key = String(scalars).trimmingWhitespace
        for _ in 0..<4 {
            let next = UnicodeFolding.foldAndNormalize(key).trimmingWhitespace
            if next == key { break }
            key = next
        }
        return key
    }
}

/// Why a password is refused.
public enum PasswordWeakness: Equatable, Sendable {
    /// Shorter than ``PasswordPolicy/minimumLength``.
    case tooShort
    /// In the list of common passwords.
    case common
    /// The same as the user name (as ``UserName/key(_:)`` folds them).
    case sameAsUserName
}

/// Password hashing with yescrypt through libxcrypt, the scheme `/etc/shadow` uses on Debian.
/// The stored string (`$y$<params>$<salt>$<hash>`) carries its cost and salt, so the cost can be
/// raised later and old hashes still verify. Safe to call from any thread.
public enum PasswordHasher {
    /// yescrypt cost. Each step doubles the time and the memory a check takes; libxcrypt's
    /// default (5) is quick enough for a guesser, 9 is slow for guessing and still quick enough
    /// for a person (`make bench` measures it: docs/BENCHMARKS.md).
    public static let cost: UInt = 9

    /// Why no hash could be made.
    public enum Failure: Error, Sendable {
        /// No salt could be made (the kernel's random source failed).
        case cannotMakeSalt
        /// libxcrypt could not hash the password with that setting.
        case cannotHash
    }

    /// A new hash with a fresh random salt (from the kernel's random source).
    public static func hash(_ password: String, cost: UInt = cost) throws(Failure) -> String {
        guard let setting = Yescrypt.setting(cost: cost) else { throw .cannotMakeSalt }
        guard let result = Yescrypt.hash(password, setting: setting) else { throw .cannotHash }
        return result
    }

    /// Whether `password` matches `stored`, compared in constant time.
    public static func verify(_ password: String, against stored: String) -> Bool {
        guard let computed = Yescrypt.hash(password, setting: stored) else { return false }
        return constantTimeEqual(Array(computed.utf8), Array(stored.utf8))
    }

    /// A hash to verify against when the user does not exist, so that the answer takes as long
    /// as for a wrong password (no user enumeration through timing). It was made once, with the
    /// same cost, from 24 random letters that were then thrown away: it matches no password.
    /// A constant, so the first login does not spend a hash's time on the main loop making one.
    public static let decoy = "$y$jDT$2RA.JOaHPDgQG9Z0DVA5y1$LavQOaEPCVTzd5hJGsjJTBcfpuThmK5U771Vy1.iuc2"

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        // Lengths are no secret: two of different lengths are told apart at once, and only
        // the bytes of two of the same length are compared, every one of them.
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in a.indices {
            difference |= a[i] ^ b[i]
        }
        return difference == 0
    }
}
