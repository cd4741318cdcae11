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
        let scalars = Array(
            text.unicodeScalars.drop(while: \.properties.isWhitespace)
                .reversed().drop(while: \.properties.isWhitespace).reversed())
        guard !scalars.isEmpty else { return .failure(.empty) }

        var index = 0
        var negative = false
        switch scalars[0] {
        case "+", "\u{FF0B}": index = 1
        case "-", "\u{FF0D}", "\u{2212}":
            index = 1
            negative = true
        default: break
        }
        guard index < scalars.count else { return .failure(.notAWholeNumber) }

        // Accumulate the magnitude as UInt64 so that Int64.min (one more than Int64.max) fits.
        let limit: UInt64 = negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
        var magnitude: UInt64 = 0
        var overflow = false
        for scalar in scalars[index...] {
            guard let digit = digitValue(scalar) else { return .failure(.notAWholeNumber) }
            if overflow { continue }  // keep checking that the rest are digits
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(digit)
            if o1 || o2 || sum > limit { overflow = true } else { magnitude = sum }
        }
        if overflow { return .failure(.outOfRange) }
        if negative {
            return .success(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        }
        return .success(Int64(magnitude))
    }

    private static func digitValue(_ scalar: Unicode.Scalar) -> UInt64? {
        switch scalar.value {
        case 0x30...0x39: UInt64(scalar.value - 0x30)
        case 0xFF10...0xFF19: UInt64(scalar.value - 0xFF10)  // FULLWIDTH DIGIT ZERO…NINE
        default: nil
        }
    }
}
