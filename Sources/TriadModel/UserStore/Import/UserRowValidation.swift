/// Validation of one imported row (the store checks duplicates).
public enum UserRowValidation {
    /// The most characters a field of a row may have.
    public static let maximumFieldLength = 200

    /// The user a row makes, from its fields by column name (a JSON object's), or why it makes none.
    public static func validate(_ fields: [String: String]) -> Result<User, RowProblem> {
        validate(UserField.allCases.map { fields[$0.columnName] })
    }

    /// The same for the four values in `UserField` order, as a CSV row has them after its header
    /// was read once (no dictionary per row). A value the file has no column for is nil: a
    /// needed one is then missing; an age left out (or left empty) is not known.
    public static func validate(_ values: [String?]) -> Result<User, RowProblem> {
        var trimmed: [String] = []
        trimmed.reserveCapacity(UserField.allCases.count)
        for field in UserField.allCases {
            let value = (field.rawValue < values.count ? values[field.rawValue] : nil)?.trimmingWhitespace ?? ""
            if value.isEmpty, field.isRequired { return .failure(.missingField(field.columnName)) }
            // Characters are counted only when the bytes could be too many.
            if value.utf8.count > maximumFieldLength, value.count > maximumFieldLength { return .failure(.fieldTooLong(field.columnName)) }
            trimmed.append(value)
        }
        var age: Int?
        if !trimmed[3].isEmpty {
            guard let number = Int(trimmed[3]) else { return .failure(.ageNotANumber) }
            guard (0...150).contains(number) else { return .failure(.ageOutOfRange) }
            age = number
        }
        guard isEmail(trimmed[2]) else { return .failure(.malformedEmail) }
        return .success(User(firstName: trimmed[0], lastName: trimmed[1], email: trimmed[2], age: age))
    }

    /// One `@`, a non-empty local part, a domain with a dot and no empty labels, no spaces.
    public static func isEmail(_ text: String) -> Bool {
        text.utf8.allSatisfy({ $0 < 0x80 }) ? isASCIIEmail(text.utf8) : isEmailByCharacters(text)
    }

    /// `isEmail` for any text, by Characters (the Unicode whitespace included).
    static func isEmailByCharacters(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), text.count <= 254 else { return false }
        guard !text.contains(where: { $0.isWhitespace || $0.isNewline }) else { return false }
        return parts[1].split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
    }

    /// `isEmail` for ASCII text, on its bytes: the same rules without a Character in sight.
    static func isASCIIEmail(_ bytes: String.UTF8View) -> Bool {
        guard bytes.count <= 254, let at = bytes.firstIndex(of: UInt8(ascii: "@")), at != bytes.startIndex else { return false }
        let domain = bytes[bytes.index(after: at)...]
        guard !domain.contains(UInt8(ascii: "@")), domain.contains(UInt8(ascii: ".")) else { return false }
        // ASCII's whitespace and line breaks (Unicode's White_Space): tab, LF, VT, FF, CR, space.
        guard !bytes.contains(where: { (0x09...0x0D).contains($0) || $0 == 0x20 }) else { return false }
        var previous = UInt8(ascii: ".")
        for byte in domain {
            if byte == UInt8(ascii: "."), previous == byte { return false }
            previous = byte
        }
        return previous != UInt8(ascii: ".")
    }
}
