import Glibc

/// A streaming JSON reader: the top-level array is read element by element (an import), or the
/// document whole (a session's file, JSONDocument.swift).
public final class JSONStreamParser {
    /// The file is not valid JSON.
    public struct SyntaxError: Error {
        /// The line where reading stopped, counted from one.
        public let line: Int
    }
    let reader: ByteReader
    /// The longest string or number kept, in bytes: a longer one is `.tooLong`.
    private let fieldLimit: Int
    private var started = false
    private var finished = false
    /// The line the last element read began on, for the import's report.
    public private(set) var elementLine = 1
    static let depthLimit = 64

    /// A parser reading from `reader`, past a byte order mark if there is one; a string or number
    /// longer than `fieldLimit` bytes is read through and not kept.
    public init(_ reader: ByteReader, fieldLimit: Int = CSVParser.fieldLimit) {
        self.reader = reader
        self.fieldLimit = fieldLimit
        reader.skipByteOrderMark()
    }

    /// Whether the document is a list; call once before `nextElement`.
    public func beginArray() throws(SyntaxError) -> Bool {
        skipSpace()
        guard let byte = reader.peek() else { throw SyntaxError(line: reader.line) }
        guard byte == UInt8(ascii: "[") else { return false }
        _ = reader.next()
        started = true
        return true
    }

    /// The next element of the top-level array, or nil after its closing bracket.
    public func nextElement() throws(SyntaxError) -> JSONValue? {
        guard started, !finished else { return nil }
        skipSpace()
        if reader.peek() == UInt8(ascii: "]") {
            _ = reader.next()
            finished = true
            skipSpace()
            if reader.peek() != nil { throw SyntaxError(line: reader.line) }
            return nil
        }
        elementLine = reader.line
        let value = try parseValue(depth: 0)
        skipSpace()
        switch reader.peek() {
        case UInt8(ascii: ","):
            _ = reader.next()
            skipSpace()
            if reader.peek() == UInt8(ascii: "]") { throw SyntaxError(line: reader.line) }  // trailing comma
        case UInt8(ascii: "]"): break
        default: throw SyntaxError(line: reader.line)
        }
        return value
    }

    func skipSpace() {
        while let byte = reader.peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { _ = reader.next() }
    }

    private func expect(_ text: String) throws(SyntaxError) {
        for byte in text.utf8 where reader.next() != byte { throw SyntaxError(line: reader.line) }
    }

    func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth < Self.depthLimit else { throw SyntaxError(line: reader.line) }
        skipSpace()
        guard let byte = reader.peek() else { throw SyntaxError(line: reader.line) }
        switch byte {
        case UInt8(ascii: "{"):
            _ = reader.next()
            var members: [String: JSONValue] = [:]
            skipSpace()
            if reader.peek() == UInt8(ascii: "}") {
                _ = reader.next()
                return .object(members)
            }
            while true {
                skipSpace()
                guard reader.peek() == UInt8(ascii: "\"") else { throw SyntaxError(line: reader.line) }
                // A key longer than a field is no column's name: its value is read and left out.
                // One with half a character has U+FFFD there, shown as it is and matching no name.
                let key: String
                switch try parseString() {
                case .string(let text), .loneSurrogate(let text, _): key = text
                default: key = ""
                }
                skipSpace()
                guard reader.next() == UInt8(ascii: ":") else { throw SyntaxError(line: reader.line) }
                members[key] = try parseValue(depth: depth + 1)
                skipSpace()
                switch reader.next() {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "}"): return .object(members)
                default: throw SyntaxError(line: reader.line)
                }
            }
        case UInt8(ascii: "["):
            _ = reader.next()
            var items: [JSONValue] = []
            skipSpace()
            if reader.peek() == UInt8(ascii: "]") {
                _ = reader.next()
                return .array(items)
            }
            while true {
                items.append(try parseValue(depth: depth + 1))
                skipSpace()
                switch reader.next() {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "]"): return .array(items)
                default: throw SyntaxError(line: reader.line)
                }
            }
        case UInt8(ascii: "\""):
            return try parseString()
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        default:
            return try parseNumber()
        }
    }

    /// A number as RFC 8259 writes one: `-`? then `0` or a digit 1–9 and more digits, then
    /// `.` and digits, then `e` or `E`, a sign and digits (no `+` in front, no leading zeros, no
    /// dot without digits on both sides, no exponent without digits). Kept as its text, of any
    /// length up to a field's: a number where a name is expected is that name's text.
    private func parseNumber() throws(SyntaxError) -> JSONValue {
        var text: [UInt8] = []
        var tooLong = false
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
        func take() {
            guard let byte = reader.next() else { return }
            if text.count < fieldLimit { text.append(byte) } else { tooLong = true }
        }
        func digits() throws(SyntaxError) {
            guard isDigit(reader.peek()) else { throw SyntaxError(line: reader.line) }
            while isDigit(reader.peek()) { take() }
        }
        if reader.peek() == UInt8(ascii: "-") { take() }
        if reader.peek() == UInt8(ascii: "0") {
            take()
            if isDigit(reader.peek()) { throw SyntaxError(line: reader.line) }  // a leading zero
        } else {
            try digits()
        }
        if reader.peek() == UInt8(ascii: ".") {
            take()
            try digits()
        }
        if reader.peek() == UInt8(ascii: "e") || reader.peek() == UInt8(ascii: "E") {
            take()
            if reader.peek() == UInt8(ascii: "+") || reader.peek() == UInt8(ascii: "-") { take() }
            try digits()
        }
        return tooLong ? .tooLong : .number(String(decoding: text, as: UTF8.self))
    }

    /// A string; `.tooLong` when it is longer than a field may be (it is read through all the
    /// same, and what it held is not kept); `.loneSurrogate` when a `\u` escape is half of a
    /// surrogate pair without its other half right after it. That costs the row, not the file:
    /// the importer names the field and the escape (JSON allows the escape; no text holds it).
    private func parseString() throws(SyntaxError) -> JSONValue {
        _ = reader.next()  // opening quote
        var bytes: [UInt8] = []
        var pendingHighSurrogate: UInt32?
        var loneEscape: String?
        var tooLong = false
        func lone(_ code: UInt32) {
            bytes += [0xEF, 0xBF, 0xBD]  // U+FFFD
            let digits = String(code, radix: 16, uppercase: true)
            loneEscape = loneEscape ?? "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
        while true {
            guard let byte = reader.next() else { throw SyntaxError(line: reader.line) }
            if bytes.count > fieldLimit {
                tooLong = true
                bytes.removeAll(keepingCapacity: true)
            }
            // A high surrogate's other half is the very next escape, or it has none.
            if let high = pendingHighSurrogate, !(byte == UInt8(ascii: "\\") && reader.peek() == UInt8(ascii: "u")) {
                lone(high)
                pendingHighSurrogate = nil
            }
            switch byte {
            case UInt8(ascii: "\""):
                if tooLong { return .tooLong }
                guard let text = String(validating: bytes, as: UTF8.self) else { throw SyntaxError(line: reader.line) }
                return loneEscape.map { .loneSurrogate(text: text, escape: $0) } ?? .string(text)
            case UInt8(ascii: "\\"):
                guard let escaped = reader.next() else { throw SyntaxError(line: reader.line) }
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escaped)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    var code: UInt32 = 0
                    for _ in 0..<4 {
                        guard let hex = reader.next(), let digit = Self.hexValue(hex) else { throw SyntaxError(line: reader.line) }
                        code = code << 4 | digit
                    }
                    let isLow = (0xDC00...0xDFFF).contains(code)
                    if let high = pendingHighSurrogate {
                        pendingHighSurrogate = nil
                        if isLow {
                            code = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
                        } else {
                            lone(high)
                        }
                    } else if isLow {
                        lone(code)
                        continue
                    }
                    if (0xD800...0xDBFF).contains(code) {
                        pendingHighSurrogate = code
                        continue
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw SyntaxError(line: reader.line) }
                    bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw SyntaxError(line: reader.line)
                }
            case 0x00...0x1F:
                throw SyntaxError(line: reader.line)  // raw control characters are not allowed
            default:
                bytes.append(byte)
            }
        }
    }
}
