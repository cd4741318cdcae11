// JSON written by the model itself, for the users' export and a session's file. Foundation's
// encoder would do it, but the app is linked statically: importing Foundation for it takes all
// of Foundation into the binary, and the app's memory at start grows with it.

/// Where JSON text goes, a byte at a time: the users' export (into room its row was given) and
/// ``JSONTextWriter``. One escaper serves both, so they write a string the same way.
protocol JSONTextSink {
    mutating func put(_ byte: UInt8)
}

extension JSONTextSink {
    /// `bytes` (UTF-8) as a JSON string: a quote and a backslash escaped, the control characters
    /// with a short escape (`\n`, `\r`, `\t`, `\b`, `\f`) written with it and the others as `\u00`
    /// and two lowercase hex digits, everything else (a `/`, any other character) as it is.
    mutating func jsonString(_ bytes: some Sequence<UInt8>) {
        put(UInt8(ascii: "\""))
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape(byte)
            case 0x0A: escape(UInt8(ascii: "n"))
            case 0x0D: escape(UInt8(ascii: "r"))
            case 0x09: escape(UInt8(ascii: "t"))
            case 0x08: escape(UInt8(ascii: "b"))
            case 0x0C: escape(UInt8(ascii: "f"))
            case 0..<0x20:
                escape(UInt8(ascii: "u"))
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "0"))
                put(hexDigit(byte >> 4))
                put(hexDigit(byte & 15))
            default: put(byte)
            }
        }
        put(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        put(UInt8(ascii: "\\"))
        put(byte)
    }

    private func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10 }
}

/// A JSON document written into memory from a ``JSONValue``: no space between tokens, and an
/// object's keys in the order of their UTF-8 bytes, so that one value is always written the same
/// way (two saves of one session are the same file, and a change shows as itself in a diff).
struct JSONTextWriter: JSONTextSink {
    private(set) var bytes: [UInt8] = []

    mutating func put(_ byte: UInt8) { bytes.append(byte) }

    private mutating func put(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .object(let members):
            put(UInt8(ascii: "{"))
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, member) in sorted.enumerated() {
                if index > 0 { put(UInt8(ascii: ",")) }
                jsonString(member.key.utf8)
                put(UInt8(ascii: ":"))
                write(member.value)
            }
            put(UInt8(ascii: "}"))
        case .array(let items):
            put(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { put(UInt8(ascii: ",")) }
                write(item)
            }
            put(UInt8(ascii: "]"))
        case .string(let text), .loneSurrogate(let text, _): jsonString(text.utf8)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .bool(let value): put(value ? "true" : "false")
        // What a reader read through and did not keep is nothing to write.
        case .null, .tooLong: put("null")
        }
    }
}
