/// The character sets people's files come in: what spreadsheet programs and contact exports
/// write (Excel's "CSV UTF-8" has a byte order mark, its "Unicode Text" is UTF-16 with one, its
/// plain "CSV" is Windows-1252 in the western locales).
public enum TextEncoding: String, CaseIterable, Sendable {
    /// UTF-8 without a byte order mark: most programs' files, and Triad's exports.
    case utf8 = "utf-8"
    /// UTF-8 that starts with a byte order mark (Excel's "CSV UTF-8").
    case utf8WithBOM = "utf-8-bom"
    /// UTF-16, little-endian (Excel's "Unicode Text").
    case utf16LE = "utf-16le"
    /// UTF-16, big-endian.
    case utf16BE = "utf-16be"
    /// Windows-1252 (Excel's plain "CSV" in the western locales).
    case windows1252 = "windows-1252"

    /// Its name in a sentence: "the text is not valid Windows-1252".
    public var name: String {
        switch self {
        case .utf8, .utf8WithBOM: "UTF-8"
        case .utf16LE: "UTF-16 LE"
        case .utf16BE: "UTF-16 BE"
        case .windows1252: "Windows-1252"
        }
    }

    /// Its name in a list to choose from, as LibreOffice names character sets.
    public var title: String {
        switch self {
        case .utf8WithBOM: L("Unicode (UTF-8 with BOM)")
        case .windows1252: L("Western ({name})").filling(["name": name])
        default: L("Unicode ({name})").filling(["name": name])
        }
    }

    /// GLib's (iconv's) name for it, when it must be converted to UTF-8.
    var conversionName: String? {
        switch self {
        case .utf8, .utf8WithBOM: nil
        case .utf16LE: "UTF-16LE"
        case .utf16BE: "UTF-16BE"
        case .windows1252: "WINDOWS-1252"
        }
    }

    /// The character set of a file that starts with `head` (all of it when `isWholeFile`): the
    /// one its byte order mark names; else UTF-8 when the bytes are UTF-8, and Windows-1252,
    /// which any bytes are, when they are not.
    public static func detect(_ head: [UInt8], isWholeFile: Bool) -> TextEncoding {
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8WithBOM }
        if head.starts(with: [0xFF, 0xFE]) { return .utf16LE }
        if head.starts(with: [0xFE, 0xFF]) { return .utf16BE }
        if isUTF8(head[...]) { return .utf8 }
        // The head may end inside a character: the last one to three bytes are left out then.
        if !isWholeFile, (1...3).contains(where: { head.count > $0 && isUTF8(head.dropLast($0)) }) { return .utf8 }
        return .windows1252
    }

    private static func isUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) != nil }
    }

    /// The names `--encoding` accepts for each (its own first).
    public init?(commandLineName name: String) {
        let aliases: [String: TextEncoding] = [
            "utf8": .utf8, "utf-8": .utf8, "utf-8-bom": .utf8WithBOM, "utf8-bom": .utf8WithBOM,
            "utf-16le": .utf16LE, "utf16le": .utf16LE, "utf-16be": .utf16BE, "utf16be": .utf16BE,
            "windows-1252": .windows1252, "cp1252": .windows1252, "windows1252": .windows1252,
        ]
        guard let encoding = aliases[name.trimmingWhitespace.lowercased()] else { return nil }
        self = encoding
    }
}

/// What separates the fields of a line: a comma, or a semicolon where the comma is the decimal
/// sign (Excel and LibreOffice in most European locales), or a tab (`.tsv`, "Unicode Text").
public enum CSVSeparator: String, CaseIterable, Sendable {
    /// A comma.
    case comma
    /// A semicolon.
    case semicolon
    /// A tab.
    case tab

    /// The separator's byte, as the CSV parser looks for it.
    public var byte: UInt8 {
        switch self {
        case .comma: UInt8(ascii: ",")
        case .semicolon: UInt8(ascii: ";")
        case .tab: 0x09
        }
    }

    /// Its name in the import preview's list, translated.
    public var title: String {
        switch self {
        case .comma: L("Comma (,)")
        case .semicolon: L("Semicolon (;)")
        case .tab: L("Tab")
        }
    }

    /// `--separator comma` (or `,`), `semicolon` (`;`), `tab` (or a tab).
    public init?(commandLineName name: String) {
        switch name.lowercased() {
        case "comma", ",": self = .comma
        case "semicolon", ";": self = .semicolon
        case "tab", "\t", "\\t": self = .tab
        default: return nil
        }
    }
}
