extension String {
    /// The text without leading and trailing whitespace (the ideographic space included). Every
    /// field a person types — addresses, user names, imported rows — is trimmed this one way.
    public var trimmingWhitespace: String {
        // Most fields start and end with a visible ASCII character: nothing to trim, and no
        // Unicode property lookups (a million imported rows spent 0.8 s in them).
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
