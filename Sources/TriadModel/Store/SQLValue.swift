/// A value bound to or read from SQLite.
public enum SQLValue: Equatable, Sendable {
    /// SQL's NULL: no value.
    case null
    /// A whole number.
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// Text, bound as UTF-8.
    case text(String)
    /// Text given as its UTF-8 bytes and bound as they are (a search's upper bound may end in
    /// the middle of a character; SQLite compares it byte by byte).
    case utf8([UInt8])

    /// The text this value holds, or nil if it holds something else.
    public var text: String? { if case .text(let value) = self { value } else { nil } }
    /// The whole number this value holds, or nil if it holds something else.
    public var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
}
