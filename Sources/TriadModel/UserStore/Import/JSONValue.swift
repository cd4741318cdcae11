/// A JSON value, as far as the importer needs one.
public indirect enum JSONValue: Equatable {
    /// An object: its members by key.
    case object([String: JSONValue])
    /// An array: its elements in order.
    case array([JSONValue])
    /// A string, unescaped.
    case string(String)
    /// A number, kept as the file writes it: the importer reads it as a field's text.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// A string or number longer than a field may be: read through, not kept.
    case tooLong
    /// A string with a `\u` escape of half a UTF-16 surrogate pair whose other half does not
    /// follow at once: its text with U+FFFD there, and the first such escape (`\uD83D`, in capitals).
    case loneSurrogate(text: String, escape: String)
}
