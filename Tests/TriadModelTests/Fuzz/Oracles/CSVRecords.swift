// An oracle for the fuzz targets (compiled into the fuzzer and the model tests alike): the
// records of a CSV text, read from the rules alone and never through CSVParser. The rules are
// RFC 4180's with the separators and line ends people's files have, and the one way out of a
// quote that is never closed that CSVParser documents. This reads the whole text at once, by
// index: no read buffer, no fast path for plain lines, no bytes given back.
#if !FUZZING
    @testable import TriadModel
#endif

struct CSVRecords {
    struct Record {
        /// The line the record starts on: 1 and one more after each LF, CRLF or lone CR.
        let line: Int
        /// Each field's length in bytes, and its bytes in the header (the others' are not kept).
        let fieldLengths: [Int]
        let fields: [[UInt8]]
        /// A quote opened in it was never closed: it is one row, and what follows its first
        /// line is read again as the next records.
        let broken: Bool

        /// A line with nothing on it is no row.
        var isBlank: Bool { !broken && fieldLengths == [0] }
    }

    /// The first record (nil when the text is empty), and the records after it that are rows.
    let header: Record?
    let rows: [Record]

    private static let quote = UInt8(ascii: "\""), lf: UInt8 = 0x0A, cr: UInt8 = 0x0D

    /// `text` is UTF-8 (a byte order mark at its start is not part of it).
    init(_ text: [UInt8], separator: UInt8) {
        let text = text.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(text.dropFirst(3)) : text
        // The line each byte is on.
        var lines = [Int](repeating: 1, count: text.count + 1)
        for index in text.indices {
            let ends = text[index] == Self.lf || (text[index] == Self.cr && (index + 1 == text.count || text[index + 1] != Self.lf))
            lines[index + 1] = lines[index] + (ends ? 1 : 0)
        }
        var start = 0
        var header: Record?
        var rows: [Record] = []
        while start < text.count {
            let (record, next) = Self.record(
                text, from: start, line: lines[start], separator: separator,
                fieldCount: header.map(\.fieldLengths.count))
            if header == nil { header = record } else if !record.isBlank { rows.append(record) }
            start = next
        }
        self.header = header
        self.rows = rows
    }

    /// The record that starts at `start`, and where the next one starts. `fieldCount` is the
    /// header's, once it is read: a record whose quote ran over a line break and that then has
    /// another number of fields had a quote that was never closed.
    private static func record(
        _ text: [UInt8], from start: Int, line: Int, separator: UInt8,
        fieldCount: Int?
    ) -> (Record, next: Int) {
        var fields: [[UInt8]] = []
        var lengths: [Int] = []
        var field: [UInt8] = []
        var length = 0
        func append(_ byte: UInt8) {
            length += 1
            if fieldCount == nil { field.append(byte) }
        }
        func endField() {
            fields.append(field)
            lengths.append(length)
            (field, length) = ([], 0)
        }
        var inQuotes = false
        var quoteClosed = false
        var atFieldStart = true
        var index = start
        // Just after the first line break inside quotes: where reading goes on if the quote was
        // never closed.
        var afterFirstBreak: Int?
        func broken() -> (Record, next: Int) {
            (Record(line: line, fieldLengths: [], fields: [], broken: true), afterFirstBreak ?? text.count)
        }
        func ended(at next: Int) -> (Record, next: Int) {
            endField()
            if afterFirstBreak != nil, let fieldCount, lengths.count != fieldCount { return broken() }
            return (Record(line: line, fieldLengths: lengths, fields: fields, broken: false), next)
        }
        while index < text.count {
            let byte = text[index]
            let followedByLF = index + 1 < text.count && text[index + 1] == lf
            if inQuotes {
                // A quoted field may run over line breaks, up to a bound past the first.
                if let afterFirstBreak, index - afterFirstBreak + 1 > CSVParser.spanLimit { return broken() }
                if byte == quote {
                    if index + 1 < text.count && text[index + 1] == quote {
                        append(quote)
                        index += 2
                    } else {
                        inQuotes = false
                        quoteClosed = true
                        index += 1
                    }
                    continue
                }
                if afterFirstBreak == nil && (byte == lf || (byte == cr && !followedByLF)) { afterFirstBreak = index + 1 }
                append(byte)
                index += 1
                continue
            }
            switch byte {
            case separator:
                endField()
                quoteClosed = false
                atFieldStart = true
            case cr where followedByLF:
                break  // the LF ends the record
            case cr, lf:
                return ended(at: index + 1)
            case quote where atFieldStart:
                inQuotes = true
                atFieldStart = false
            default:
                // Text after a quote that closed lines below where it opened: it never closed.
                if quoteClosed && afterFirstBreak != nil { return broken() }
                append(byte)
                atFieldStart = false
            }
            index += 1
        }
        return inQuotes ? broken() : ended(at: text.count)
    }
}
