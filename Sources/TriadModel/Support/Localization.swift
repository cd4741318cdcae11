import CIntl
import Glibc

// Translation. Every user-visible string is written as one single-line literal inside `L(...)`
// or `LN(...)` so that `xgettext --language=C --keyword=L --keyword=LN:1,2` can extract it.
// Values are never interpolated into the literal: placeholders such as `{name}` are filled after
// translating, with `filling(_:)`.

/// The gettext domain of the app (`.mo` files are named after it).
public let translationDomain = "triad"

/// Sets the program's locale from the environment (`LANG`, `LC_ALL`, …) and reads the
/// translations of `translationDomain` from `folder` (`<folder>/<language>/LC_MESSAGES/triad.mo`),
/// in UTF-8 whatever the locale's own character set.
public func useTranslations(from folder: String) {
    setlocale(LC_ALL, "")
    bindtextdomain(translationDomain, folder)
    bind_textdomain_codeset(translationDomain, "UTF-8")
    textdomain(translationDomain)
}

/// The translation of `message` in the current locale (or `message` itself). Capitalised, as
/// gettext's `_()` is short: a translatable literal reads as itself, and xgettext's keyword is
/// one letter.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func L(_ message: String) -> String {
    // dgettext returns its argument when there is no translation, so the result must be copied
    // while the temporary C string is still alive.
    message.withCString { String(cString: dgettext(translationDomain, $0)) }
}

/// The translation of the singular or plural form that fits `count` (languages differ in how
/// many forms they have; gettext picks the right one).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func LN(_ singular: String, _ plural: String, _ count: Int) -> String {
    singular.withCString { one in
        plural.withCString { many in
            String(cString: dngettext(translationDomain, one, many, UInt(clamping: count)))
        }
    }
}

extension String {
    /// Replaces `{key}` placeholders with values: `L("Signed in as {name}").filling(["name": n])`.
    public func filling(_ values: [String: String]) -> String {
        var result = self
        for (key, value) in values { result = result.replacingEvery("{\(key)}", with: value) }
        return result
    }
}

/// A count as people of the current locale write it, with the locale's full grouping rule
/// (printf's `'` flag): 1000000 → "1,000,000" (en_US), "1.000.000" (de_DE), "10,00,000" (en_IN,
/// whose groups are 3 then 2); digits only in the C locale, which has no thousands separator.
public func formattedCount(_ value: Int) -> String {
    var buffer = [UInt8](repeating: 0, count: 64)
    let length = buffer.withUnsafeMutableBufferPointer { bytes in
        bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
            withVaList([value]) { vsnprintf(text, bytes.count, "%'ld", $0) }
        }
    }
    guard length > 0, Int(length) < buffer.count else { return String(value) }
    return String(decoding: buffer[..<Int(length)], as: UTF8.self)
}
