// An oracle for the fuzz targets (compiled into the fuzzer and the model tests alike): a file's
// text as UTF-8, decoded from its character set by the published tables and never through
// CharsetDecoder or GLib. What is no character becomes U+FFFD, where the importer writes its own
// marker: neither is a quote, a separator or a line end, so the records are the same.
#if !FUZZING
    @testable import TriadModel
#endif

enum IndependentDecoding {
    /// Windows-1252's bytes 0x80–0x9F as Microsoft's table maps them (cp1252.txt at unicode.org):
    /// nil for the five it leaves undefined. Its other bytes are Latin-1's.
    static let windows1252: [(byte: UInt8, character: Unicode.Scalar?)] = [
        (0x80, "\u{20AC}"), (0x81, nil), (0x82, "\u{201A}"), (0x83, "\u{0192}"), (0x84, "\u{201E}"), (0x85, "\u{2026}"),
        (0x86, "\u{2020}"), (0x87, "\u{2021}"), (0x88, "\u{02C6}"), (0x89, "\u{2030}"), (0x8A, "\u{0160}"), (0x8B, "\u{2039}"),
        (0x8C, "\u{0152}"), (0x8D, nil), (0x8E, "\u{017D}"), (0x8F, nil), (0x90, nil), (0x91, "\u{2018}"), (0x92, "\u{2019}"),
        (0x93, "\u{201C}"), (0x94, "\u{201D}"), (0x95, "\u{2022}"), (0x96, "\u{2013}"), (0x97, "\u{2014}"), (0x98, "\u{02DC}"),
        (0x99, "\u{2122}"), (0x9A, "\u{0161}"), (0x9B, "\u{203A}"), (0x9C, "\u{0153}"), (0x9D, nil), (0x9E, "\u{017E}"),
        (0x9F, "\u{0178}"),
    ]

    private static let replacement: Unicode.Scalar = "\u{FFFD}"

    static func utf8(_ bytes: [UInt8], from encoding: TextEncoding) -> [UInt8] {
        var scalars: [Unicode.Scalar] = []
        switch encoding {
        case .utf8, .utf8WithBOM:
            return bytes
        case .windows1252:
            scalars = bytes.map { byte in
                (0x80...0x9F).contains(byte) ? windows1252[Int(byte) - 0x80].character ?? replacement : Unicode.Scalar(byte)
            }
        case .utf16LE, .utf16BE:
            let units = stride(from: 0, to: bytes.count - 1, by: 2).map { index -> UInt32 in
                let (first, second) = (UInt32(bytes[index]), UInt32(bytes[index + 1]))
                return encoding == .utf16LE ? second << 8 | first : first << 8 | second
            }
            var index = 0
            while index < units.count {
                let unit = units[index]
                let next = index + 1 < units.count ? units[index + 1] : 0
                if (0xD800...0xDBFF).contains(unit), (0xDC00...0xDFFF).contains(next) {
                    scalars.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (next - 0xDC00)) ?? replacement)
                    index += 2
                } else {
                    scalars.append(Unicode.Scalar(unit) ?? replacement)  // half a pair alone is no scalar
                    index += 1
                }
            }
            if bytes.count % 2 == 1 { scalars.append(replacement) }  // an odd last byte
        }
        // UTF-8 as RFC 3629 writes each scalar: one to four bytes.
        var text: [UInt8] = []
        text.reserveCapacity(scalars.count * 3)
        for scalar in scalars {
            let value = scalar.value
            switch value {
            case 0..<0x80: text.append(UInt8(value))
            case 0x80..<0x800: text += [0xC0 | UInt8(value >> 6), 0x80 | UInt8(value & 0x3F)]
            case 0x800..<0x10000: text += [0xE0 | UInt8(value >> 12), 0x80 | UInt8(value >> 6 & 0x3F), 0x80 | UInt8(value & 0x3F)]
            default:
                text += [
                    0xF0 | UInt8(value >> 18), 0x80 | UInt8(value >> 12 & 0x3F), 0x80 | UInt8(value >> 6 & 0x3F),
                    0x80 | UInt8(value & 0x3F),
                ]
            }
        }
        return text
    }
}
