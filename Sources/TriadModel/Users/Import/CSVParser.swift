import Glibc

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
        // Most lines have no quotes: split them where they lie in the read buffer.
        if let line = reader.nextLine(without: UInt8(ascii: "\"")) { return Self.fields(of: line) }
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

    /// The fields of a line without quotes: the text between commas.
    private static func fields(of line: UnsafeBufferPointer<UInt8>) -> [Field] {
        var fields: [Field] = []
        var start = 0
        func field(_ end: Int) -> Field {
            guard end - start <= fieldLimit else { return .tooLong }
            return String(validating: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self).map(Field.text) ?? .notUTF8
        }
        for index in 0..<line.count where line[index] == UInt8(ascii: ",") {
            fields.append(field(index))
            start = index + 1
        }
        fields.append(field(line.count))
        return fields
    }
}
