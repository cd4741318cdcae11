import Glibc

/// Bytes of a file (or of memory, for tests), read in chunks, with the current line number.
public final class ByteReader {
    private let file: UnsafeMutablePointer<FILE>?
    private var buffer: [UInt8]
    private var position = 0
    private var end = 0
    public private(set) var line = 1
    public private(set) var bytesRead = 0

    public init(path: String) throws(ImportError) {
        guard let file = fopen(path, "rb") else { throw .cannotOpen(String(cString: strerror(errno))) }
        self.file = file
        buffer = [UInt8](repeating: 0, count: 1 << 16)
    }

    public init(bytes: [UInt8]) {
        file = nil
        buffer = bytes
        end = bytes.count
    }

    deinit { if let file { fclose(file) } }

    /// The size of the file, for progress.
    public var totalBytes: Int {
        guard let file else { return end }
        var info = stat()
        return fstat(fileno(file), &info) == 0 ? Int(info.st_size) : 0
    }

    public func peek() -> UInt8? {
        if position == end { refill() }
        return position < end ? buffer[position] : nil
    }

    public func next() -> UInt8? {
        guard let byte = peek() else { return nil }
        position += 1
        bytesRead += 1
        if byte == 0x0A { line += 1 }
        return byte
    }

    private func refill() {
        guard let file else { return }
        end = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        position = 0
    }

    /// Skips a UTF-8 byte order mark at the start.
    public func skipByteOrderMark() {
        guard peek() == 0xEF else { return }
        let saved = (position, bytesRead)
        _ = next()
        if next() == 0xBB, next() == 0xBF { return }
        (position, bytesRead) = saved  // not a BOM (a file starting with other bytes)
    }
}

/// RFC 4180 CSV: fields separated by commas, records by CRLF or LF, fields optionally quoted
/// with `"` (a quote inside is doubled), quoted fields may hold commas and line breaks.
public final class CSVParser {
    public static let fieldLimit = 10_000  // bytes; longer fields are reported, not kept
    private let reader: ByteReader
    public private(set) var recordLine = 1

    public init(_ reader: ByteReader) {
        self.reader = reader
        reader.skipByteOrderMark()
    }

    public enum Field: Equatable { case text(String), notUTF8, tooLong }

    /// The next record, or nil at the end of the file. `recordLine` is where it started.
    public func nextRecord() -> [Field]? {
        guard reader.peek() != nil else { return nil }
        recordLine = reader.line
        var fields: [Field] = []
        var bytes: [UInt8] = []
        var tooLong = false
        func finishField() {
            if tooLong { fields.append(.tooLong) } else if let text = String(validating: bytes, as: UTF8.self) {
                fields.append(.text(text))
            } else { fields.append(.notUTF8) }
            bytes.removeAll(keepingCapacity: true)
            tooLong = false
        }
        func append(_ byte: UInt8) {
            if bytes.count < Self.fieldLimit { bytes.append(byte) } else { tooLong = true }
        }
        var quoted = false
        var atFieldStart = true
        while let byte = reader.next() {
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if reader.peek() == UInt8(ascii: "\"") { _ = reader.next(); append(byte) } else { quoted = false }
                } else {
                    append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\"") where atFieldStart:
                quoted = true
                atFieldStart = false
            case UInt8(ascii: ","):
                finishField()
                atFieldStart = true
            case 0x0D where reader.peek() == 0x0A:
                continue  // CRLF: the LF ends the record
            case 0x0A:
                finishField()
                return fields
            default:
                append(byte)
                atFieldStart = false
            }
        }
        finishField()  // last record without a final line break (or an unclosed quote)
        return fields
    }
}

/// A JSON value, as far as the importer needs one.
public indirect enum JSONValue: Equatable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null
}

/// A streaming JSON reader: the top-level array is read element by element.
public final class JSONStreamParser {
    public struct SyntaxError: Error { public let line: Int }
    private let reader: ByteReader
    private var started = false
    private var finished = false
    public private(set) var elementLine = 1
    private static let depthLimit = 64

    public init(_ reader: ByteReader) {
        self.reader = reader
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

    private func skipSpace() {
        while let byte = reader.peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { _ = reader.next() }
    }

    private func expect(_ text: String) throws(SyntaxError) {
        for byte in text.utf8 where reader.next() != byte { throw SyntaxError(line: reader.line) }
    }

    private func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth < Self.depthLimit else { throw SyntaxError(line: reader.line) }
        skipSpace()
        guard let byte = reader.peek() else { throw SyntaxError(line: reader.line) }
        switch byte {
        case UInt8(ascii: "{"):
            _ = reader.next()
            var members: [String: JSONValue] = [:]
            skipSpace()
            if reader.peek() == UInt8(ascii: "}") { _ = reader.next(); return .object(members) }
            while true {
                skipSpace()
                guard reader.peek() == UInt8(ascii: "\"") else { throw SyntaxError(line: reader.line) }
                let key = try parseString()
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
            if reader.peek() == UInt8(ascii: "]") { _ = reader.next(); return .array(items) }
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
            return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default:
            var text = ""
            while let byte = reader.peek(), (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                text.append(Character(Unicode.Scalar(byte)))
                _ = reader.next()
                if text.count > 64 { throw SyntaxError(line: reader.line) }
            }
            guard !text.isEmpty, Double(text) != nil else { throw SyntaxError(line: reader.line) }
            return .number(text)
        }
    }

    private func parseString() throws(SyntaxError) -> String {
        _ = reader.next()  // opening quote
        var bytes: [UInt8] = []
        var pendingHighSurrogate: UInt32?
        while true {
            guard let byte = reader.next() else { throw SyntaxError(line: reader.line) }
            if bytes.count > CSVParser.fieldLimit { throw SyntaxError(line: reader.line) }
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: bytes, as: UTF8.self) else { throw SyntaxError(line: reader.line) }
                return text
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
                        guard let hex = reader.next(), let digit = hexValue(hex) else { throw SyntaxError(line: reader.line) }
                        code = code << 4 | digit
                    }
                    if (0xD800...0xDBFF).contains(code) { pendingHighSurrogate = code; continue }
                    if (0xDC00...0xDFFF).contains(code), let high = pendingHighSurrogate {
                        code = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
                    }
                    pendingHighSurrogate = nil
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

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
