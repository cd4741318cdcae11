extension String {
    /// The text without leading and trailing whitespace (the ideographic space included). Every
    /// field a person types — addresses, user names, imported rows — is trimmed this one way.
    public var trimmingWhitespace: String {
        // Most fields start and end with a visible ASCII character: nothing to trim, and no
        // Unicode property lookups, which are slow enough to show in a million imported rows.
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

/// Finding and replacing text without a regex engine. Triad looks only for ASCII markers ("{name}"
/// placeholders, "/.build", "%p", SQLite's messages), so a search over the UTF-8 bytes does. The
/// app's targets turn Swift's implicit `_StringProcessing` import off (Package.swift), which keeps
/// its regex parser and its many protocol conformances out of the program and out of every
/// conformance lookup at start-up.
extension String {
    /// The UTF-8 offset where `part` first occurs (0 for an empty `part`), or nil.
    public func utf8Offset(of part: String) -> Int? {
        let text = Array(utf8)
        let pattern = Array(part.utf8)
        guard pattern.count <= text.count else { return nil }
        for start in 0...(text.count - pattern.count) where text[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start
        }
        return nil
    }

    /// Whether `part` occurs in the text.
    public func containsText(_ part: String) -> Bool { utf8Offset(of: part) != nil }

    /// The text with every occurrence of `part` (not empty) replaced by `replacement`, left to right.
    public func replacingEvery(_ part: String, with replacement: String) -> String {
        guard !part.isEmpty else { return self }
        var rest = Substring(self)
        var result = ""
        while let offset = String(rest).utf8Offset(of: part) {
            let match = rest.utf8.index(rest.utf8.startIndex, offsetBy: offset)
            result += rest[..<match]
            result += replacement
            rest = rest[rest.utf8.index(match, offsetBy: part.utf8.count)...]
        }
        return result + rest
    }
}
