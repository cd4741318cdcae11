import CCrypt
import CGLib
import Glibc

/// User names are compared after Unicode NFKC normalisation and case folding, so `Alice`,
/// `alice` and `ａｌｉｃｅ` are one name. The name is shown as the user typed it (trimmed).
public enum UserName {
    /// Whether the name holds control characters (NUL, tabs, line breaks…), which are refused.
    public static func hasControlCharacters(_ name: String) -> Bool {
        name.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// The comparison key of a name. Control characters are dropped first: C strings end at a
    /// NUL, and "alice\0x" must not become "alice" (found by the fuzzer).
    public static func key(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: name.unicodeScalars.filter { $0.properties.generalCategory != .control })
        // NFKC and case folding do not always settle in one round (Cherokee, combining marks:
        // found by the fuzzer); repeat to the fixed point so that key(key(x)) == key(x).
        var key = String(scalars).trimmingWhitespace
        for _ in 0..<4 {
            let next = foldAndNormalize(key).trimmingWhitespace
            if next == key { break }
            key = next
        }
        return key
    }

    private static func foldAndNormalize(_ trimmed: String) -> String {
        guard let normalized = g_utf8_normalize(trimmed, -1, G_NORMALIZE_NFKC) else { return trimmed }
        defer { g_free(normalized) }
        guard let folded = g_utf8_casefold(normalized, -1) else { return String(cString: normalized) }
        defer { g_free(folded) }
        // Fold again after folding: NFKC of a folded string can differ (e.g. 'ß' → "ss").
        guard let again = g_utf8_normalize(folded, -1, G_NORMALIZE_NFKC) else { return String(cString: folded) }
        defer { g_free(again) }
        return String(cString: again)
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
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        guard crypt_gensalt_rn("$y$", cost, nil, 0, &setting, Int32(setting.count)) != nil else { throw .cannotMakeSalt }
        let settingString = setting.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard let result = crypt(password, setting: settingString) else { throw .cannotHash }
        return result
    }

    /// Whether `password` matches `stored`, compared in constant time.
    public static func verify(_ password: String, against stored: String) -> Bool {
        guard let computed = crypt(password, setting: stored) else { return false }
        return constantTimeEqual(Array(computed.utf8), Array(stored.utf8))
    }

    /// A hash to verify against when the user does not exist, so that the answer takes as long
    /// as for a wrong password (no user enumeration through timing). It was made once, with the
    /// same cost, from 24 random letters that were then thrown away: it matches no password.
    /// A constant, so the first login does not spend a hash's time on the main loop making one.
    public static let decoy = "$y$jDT$2RA.JOaHPDgQG9Z0DVA5y1$LavQOaEPCVTzd5hJGsjJTBcfpuThmK5U771Vy1.iuc2"

    static func crypt(_ password: String, setting: String) -> String? {
        // struct crypt_data is large: heap, not stack.
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer {
            memset(data, 0, MemoryLayout<crypt_data>.size)  // do not leave the phrase in memory
            data.deallocate()
        }
        memset(data, 0, MemoryLayout<crypt_data>.size)
        guard let output = crypt_r(password, setting, data) else { return nil }
        let result = String(cString: output)
        return result.hasPrefix("*") ? nil : result  // "*0"/"*1": failure tokens
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for i in 0..<max(a.count, b.count) {
            difference |= (i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0)
        }
        return difference == 0
    }
}
