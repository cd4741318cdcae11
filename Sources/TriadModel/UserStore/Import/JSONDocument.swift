// A JSON document read whole by the importer's parser: a session's file is one object, read at
// once (its size and nesting were checked before). The import reads its array an element at a
// time instead (JSONStreamParser.swift).

extension JSONStreamParser {
    /// The document's one value, with nothing but space after it.
    public func document() throws(SyntaxError) -> JSONValue {
        let value = try parseValue(depth: 0)
        skipSpace()
        guard reader.peek() == nil else { throw SyntaxError(line: reader.line) }
        return value
    }

    /// The value of one hex digit of a `\u` escape.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
