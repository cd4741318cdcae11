import CIntl

// Translation. Every user-visible string is written as one single-line literal inside `L(...)`
// or `LN(...)` so that `xgettext --language=C --keyword=L --keyword=LN:1,2` can extract it.
// Values are never interpolated into the literal: placeholders such as `{name}` are filled after
// translating, with `filling(_:)`.

/// The gettext domain of the app (`.mo` files are named after it).
public let translationDomain = "triad"

/// The translation of `message` in the current locale (or `message` itself).
public func L(_ message: String) -> String {
    // dgettext returns its argument when there is no translation, so the result must be copied
    // while the temporary C string is still alive.
    message.withCString { String(cString: dgettext(translationDomain, $0)) }
}

/// The translation of the singular or plural form that fits `count` (languages differ in how
/// many forms they have; gettext picks the right one).
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
        for (key, value) in values { result = result.replacing("{\(key)}", with: value) }
        return result
    }
}

/// A count as people of the current locale write it: 1000000 → "1,000,000" (en), "1.000.000"
/// (de); digits only in the C locale, which has no thousands separator.
public func formattedCount(_ value: Int) -> String {
    guard let conventions = localeconv(), let separator = conventions.pointee.thousands_sep,
          let grouping = conventions.pointee.grouping else { return String(value) }
    let size = Int(grouping.pointee)
    return groupedDigits(value, separator: String(cString: separator), size: size > 0 && size < 127 ? size : 3)
}

/// `value` with `separator` between groups of `size` digits, counted from the right.
func groupedDigits(_ value: Int, separator: String, size: Int) -> String {
    let digits = Array(String(value.magnitude))
    guard !separator.isEmpty, size > 0 else { return String(value) }
    var result = value < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % size == 0 { result += separator }
        result.append(digit)
    }
    return result
}
