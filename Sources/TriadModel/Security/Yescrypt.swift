import CCrypt
import Glibc

/// libxcrypt's yescrypt, the C side of ``PasswordHasher`` (Login/Passwords.swift): a setting
/// (the scheme, its cost and a fresh salt) and a password's hash under a setting. libxcrypt's
/// buffers and its large per-call state stay in this file; the lesson reads Swift strings.
/// Safe to call from any thread: each call has state of its own.
enum Yescrypt {
    /// A setting for yescrypt at `cost`, with a salt from the kernel's random source; nil when no
    /// salt could be made.
    static func setting(cost: UInt) -> String? {
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        guard crypt_gensalt_rn("$y$", cost, nil, 0, &setting, Int32(setting.count)) != nil else { return nil }
        return setting.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// `password` hashed under `setting` (a setting, or a stored hash, which begins with its
    /// setting); nil when libxcrypt cannot hash with that setting.
    static func hash(_ password: String, setting: String) -> String? {
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
}
