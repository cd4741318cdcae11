import Glibc

/// RFC 4180 CSV, with the separator people's files use (comma, semicolon or tab): records end
/// with CRLF, LF or a lone CR, fields may be quoted with `"` (a quote inside is doubled), and a
/// quoted field may hold separators and line breaks.
///
/// A broken row costs one row: a quote that is never closed would otherwise swallow the rest of
/// the file into one field. A quoted field that runs over a line break and then past `spanLimit`
/// bytes, or to the end of the file, or that closes and is followed by more text, or that leaves
/// its record with another number of fields than the header, was never closed: that record is
/// reported at its first line (`recordProblem`), and reading goes on from the line after it.
public final class CSVParser {
    /// The longest field kept, in bytes: no user's field is longer, and a longer one is a broken file.
    public static let fieldLimit = 10_000  // bytes; longer fields are reported, not kept
    /// How far a quoted field may run past its first line break.
    public static let spanLimit = 1 << 16
    private let reader: ByteReader
    /// The byte between fields.
    public let separator: UInt8
    /// The line the last record started on, counted from one, for the import's report.
    public private(set) var recordLine = 1
    /// What is wrong with the last record as a whole, if anything: a quote never closed (its
    /// fields are then empty), or a NUL byte.
    public private(set) var recordProblem: RowProblem?
    /// The header's number of fields, once it is read.
    public var expectedFieldCount: Int?

    /// A parser reading records from `reader`, past a byte order mark if there is one.
    public init(_ reader: ByteReader, separator: UInt8 = UInt8(ascii: ",")) {
        self.reader = reader
        self.separator = separator
        reader.skipByteOrderMark()
    }

    /// A field's text; or its bytes are not UTF-8 (shown with U+FFFD where they are not); or it is
    /// longer than `fieldLimit`.
    public enum Field: Equatable {
        /// The field's text.
        case text(String)
        /// The field's bytes are not UTF-8; the text shows U+FFFD where they are not.
        case notUTF8(String)
        /// The field is longer than `fieldLimit` and was not kept.
        case tooLong
    }

    private static let quote = UInt8(ascii: "\"")

    /// The next record, or nil at the end of the file. `recordLine` is where it started.
    public func nextRecord() -> [Field]? {
        guard reader.peek() != nil else { return nil }
        recordLine = reader.line
        recordProblem = nil
        // Most lines have no quotes: split them where they lie in the read buffer.
        if let line = reader.nextLine(without: Self.quote, 0x0D) {
            if let base = line.baseAddress, memchr(base, 0, line.count) != nil { recordProblem = .nulCharacter }
            return fields(of: line)
        }
        return slowRecord()
    }

    /// A record read byte by byte: one with quotes, a lone CR, or a line longer than the buffer.
    private func slowRecord() -> [Field]? {
        var fields: [Field] = []
        var bytes: [UInt8] = []
        var tooLong = false
        var quoted = false
        var closedQuote = false
        var atFieldStart = true
        // The bytes after the first line break inside quotes, kept to be read again if the
        // quote turns out never to be closed, and the line breaks among them.
        var spansLines = false
        var retained: [UInt8] = []
        var retainedLines = 0
        func finishField() {
            if tooLong {
                fields.append(.tooLong)
            } else if let text = String(validating: bytes, as: UTF8.self) {
                fields.append(.text(text))
            } else {
                fields.append(.notUTF8(String(decoding: bytes, as: UTF8.self)))
            }
            bytes.removeAll(keepingCapacity: true)
            tooLong = false
            closedQuote = false
        }
        func append(_ byte: UInt8) {
            if bytes.count < Self.fieldLimit { bytes.append(byte) } else { tooLong = true }
        }
        func lineBreak(lone: Bool) {
            if lone { reader.countLineBreak() }
            if spansLines { retainedLines += 1 } else if quoted { spansLines = true }
        }
        func broken() -> [Field] {
            reader.unread(retained, lines: retainedLines)
            recordProblem = .unclosedQuote
            return []
        }
        func ended() -> [Field] {
            finishField()
            if spansLines, let expected = expectedFieldCount, fields.count != expected { return broken() }
            return fields
        }
        while let byte = reader.next() {
            if spansLines {
                retained.append(byte)
                if quoted, retained.count > Self.spanLimit { return broken() }
            }
            if byte == 0 { recordProblem = .nulCharacter }
            if quoted {
                if byte == Self.quote {
                    if reader.peek() == Self.quote {
                        _ = reader.next()
                        if spansLines { retained.append(byte) }
                        append(byte)
                    } else {
                        quoted = false
                        closedQuote = true
                    }
                    continue
                }
                if byte == 0x0A || (byte == 0x0D && reader.peek() != 0x0A) { lineBreak(lone: byte == 0x0D) }
                append(byte)
                continue
            }
            switch byte {
            case separator:
                finishField()
                atFieldStart = true
            case 0x0D where reader.peek() == 0x0A:
                continue  // CRLF: the LF ends the record
            case 0x0D:
                lineBreak(lone: true)
                return ended()
            case 0x0A:
                lineBreak(lone: false)
                return ended()
            case Self.quote where atFieldStart:
                quoted = true
                atFieldStart = false
            default:
                // Text after a closing quote: kept (as most readers do) on the quote's own line;
                // after a quote that closed lines later, it shows the quote was never closed.
                if closedQuote, spansLines { return broken() }
                append(byte)
                atFieldStart = false
            }
        }
        // The end of the file, maybe inside a quote that was never closed.
        return quoted ? broken() : ended()
    }

    /// The fields of a line without quotes: the text between separators.
    private func fields(of line: UnsafeBufferPointer<UInt8>) -> [Field] {
        var fields: [Field] = []
        var start = 0
        func field(_ end: Int) -> Field {
            guard end - start <= Self.fieldLimit else { return .tooLong }
            let bytes = UnsafeBufferPointer(rebasing: line[start..<end])
            return String(validating: bytes, as: UTF8.self).map(Field.text) ?? .notUTF8(String(decoding: bytes, as: UTF8.self))
        }
        for index in 0..<line.count where line[index] == separator {
            fields.append(field(index))
            start = index + 1
        }
        fields.append(field(line.count))
        return fields
    }
}
