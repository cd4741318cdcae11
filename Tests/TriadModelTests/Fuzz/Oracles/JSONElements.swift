// An oracle for the fuzz targets (compiled into the fuzzer and the model tests alike): whether a
// file is a JSON list as RFC 8259 writes one, and the line of each of its elements, found by a
// plain recursive descent over the whole text and never through JSONStreamParser. It keeps to the
// grammar and to the two limits the importer adds: values nested no deeper than its depth limit,
// and strings of UTF-8 text. Half a surrogate pair in a `\u` escape is allowed (that costs a row,
// not the file). It does not model strings longer than a field, whose bytes the importer does
// not check: it answers for files no longer than a field (every input the fuzzer makes).
#if !FUZZING
    @testable import TriadModel
#endif

enum JSONElements {
    enum Outcome: Equatable {
        case notAList
        case malformed
        /// The line each top-level element starts on (1, and one more after each LF).
        case elements([Int])
    }

    private struct Invalid: Error {}

    static func read(_ bytes: [UInt8]) -> Outcome {
        var scanner = Scanner(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
        do {
            scanner.space()
            guard let first = scanner.peek else { return .malformed }
            guard first == UInt8(ascii: "[") else { return .notAList }
            scanner.index += 1
            scanner.space()
            var lines: [Int] = []
            if scanner.peek != UInt8(ascii: "]") {
                while true {
                    scanner.space()
                    lines.append(scanner.line)
                    try scanner.value(depth: 0)
                    scanner.space()
                    guard scanner.peek == UInt8(ascii: ",") else { break }
                    scanner.index += 1
                }
            }
            guard scanner.peek == UInt8(ascii: "]") else { return .malformed }
            scanner.index += 1
            scanner.space()
            return scanner.peek == nil ? .elements(lines) : .malformed
        } catch {
            return .malformed
        }
    }

    private struct Scanner {
        let text: [UInt8]
        /// The line each byte is on.
        let lines: [Int]
        var index = 0

        init(_ text: [UInt8]) {
            self.text = text
            var lines = [1]
            for byte in text { lines.append(lines[lines.count - 1] + (byte == 0x0A ? 1 : 0)) }
            self.lines = lines
        }

        var peek: UInt8? { index < text.count ? text[index] : nil }
        var line: Int { lines[index] }

        mutating func space() {
            while let byte = peek, [0x20, 0x0A, 0x0D, 0x09].contains(byte) { index += 1 }
        }

        mutating func take(_ byte: Character) throws(Invalid) {
            guard peek == byte.asciiValue else { throw Invalid() }
            index += 1
        }

        mutating func value(depth: Int) throws(Invalid) {
            guard depth < JSONStreamParser.depthLimit, let byte = peek else { throw Invalid() }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let object = byte == UInt8(ascii: "{")
                index += 1
                space()
                if peek == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    return
                }
                while true {
                    space()
                    if object {
                        try string()
                        space()
                        try take(":")
                        space()
                    }
                    try value(depth: depth + 1)
                    space()
                    guard peek == UInt8(ascii: ",") else { break }
                    index += 1
                }
                try take(object ? "}" : "]")
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): for letter in "true" { try take(letter) }
            case UInt8(ascii: "f"): for letter in "false" { try take(letter) }
            case UInt8(ascii: "n"): for letter in "null" { try take(letter) }
            default: try number()
            }
        }

        /// `-`? (`0` | 1–9 digit*) (`.` digit+)? ((`e`|`E`) (`+`|`-`)? digit+)?
        mutating func number() throws(Invalid) {
            func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
            func digits() throws(Invalid) {
                guard isDigit(peek) else { throw Invalid() }
                while isDigit(peek) { index += 1 }
            }
            if peek == UInt8(ascii: "-") { index += 1 }
            if peek == UInt8(ascii: "0") { index += 1 } else { try digits() }
            if peek == UInt8(ascii: ".") {
                index += 1
                try digits()
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                index += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
                try digits()
            }
        }

        /// A string: no raw control characters, the escapes the grammar has, and the bytes
        /// between the escapes well-formed UTF-8 (escapes give whole characters, so the text is
        /// UTF-8 exactly when each run between them is).
        mutating func string() throws(Invalid) {
            try take("\"")
            var run = index
            while true {
                guard let byte = peek else { throw Invalid() }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    guard UTF8Check.isWellFormed(text[run..<index]) else { throw Invalid() }
                }
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return
                case UInt8(ascii: "\\"):
                    guard let escaped = peek else { throw Invalid() }
                    index += 1
                    if escaped == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            guard let hex = peek, hex.isHexDigit else { throw Invalid() }
                            index += 1
                        }
                    } else if !"\"\\/bfnrt".utf8.contains(escaped) {
                        throw Invalid()
                    }
                    run = index
                case 0x00..<0x20:
                    throw Invalid()
                default:
                    break
                }
            }
        }
    }
}

private extension UInt8 {
    var isHexDigit: Bool { (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self) }
}

/// Well-formed UTF-8 as the Unicode Standard's table 3-7 lists its byte sequences.
enum UTF8Check {
    static func isWellFormed(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.endIndex && range.contains(bytes[index + offset])
        }
        while index < bytes.endIndex {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF where continuation(1): length = 2
            case 0xE0 where continuation(1, 0xA0...0xBF) && continuation(2),
                0xE1...0xEC where continuation(1) && continuation(2),
                0xED where continuation(1, 0x80...0x9F) && continuation(2),
                0xEE...0xEF where continuation(1) && continuation(2):
                length = 3
            case 0xF0 where continuation(1, 0x90...0xBF) && continuation(2) && continuation(3),
                0xF1...0xF3 where continuation(1) && continuation(2) && continuation(3),
                0xF4 where continuation(1, 0x80...0x8F) && continuation(2) && continuation(3):
                length = 4
            default: return false
            }
            index += length
        }
        return true
    }
}
