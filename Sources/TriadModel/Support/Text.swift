extension String {
    /// The text without leading and trailing whitespace (the ideographic space included). Every
    /// field a person types — addresses, user names, imported rows — is trimmed this one way.
    public var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
