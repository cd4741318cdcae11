import Glibc

/// What the import preview shows before anything is imported: the first rows of a file as they
/// will be read, with its character set, separator and columns found, each of which the person
/// may change (as LibreOffice's Text Import and a contacts import let them). It keeps the head of
/// the file it read, so a change is shown at once, whatever the file's size.
public struct ImportPreview: Sendable {
    /// How much of the file is read: enough for the rows shown and to tell its character set.
    public static let headSize = 1 << 16
    /// The most rows the preview shows: enough to judge the columns by.
    public static let rowLimit = 20

    /// One row as it will be read: its line, its fields, and what is wrong with it as a whole.
    public struct Row: Equatable, Sendable {
        /// The row's first line in the file, counted from one.
        public let line: Int
        /// The row's fields as text, in the header's order.
        public let fields: [String]
        /// What the parser found wrong with the row, if anything.
        public let problem: RowProblem?
    }

    /// The bytes read from the start of the file.
    public let head: [UInt8]
    /// Whether ``head`` is the whole file (a head cut short may end in the middle of a row).
    public let isWholeFile: Bool
    /// The file's size in bytes.
    public let fileSize: Int
    /// The character set found from the head, which the person may change.
    public let detectedEncoding: TextEncoding
    /// The separator found from the head's first lines, which the person may change.
    public let detectedSeparator: CSVSeparator
    /// How the file is read now: what was detected, or what the person chose.
    public private(set) var options: ImportOptions
    /// The column names (a CSV file's first line; the keys of a JSON file's first objects).
    public private(set) var header: [String] = []
    /// The first rows, as the import will read them.
    public private(set) var rows: [Row] = []
    /// The columns the import will use: found from their names, or chosen by hand.
    public private(set) var columns = ColumnMapping()
    /// Whether the person chose the columns by hand (a new character set or separator undoes it).
    public private(set) var columnsChosen = false
    /// Set when the head cannot be read as its format (a JSON file that is not a list).
    public private(set) var problem: ImportError?

    /// Reads the head of `path` and finds how to read it.
    public static func read(path: String, format: UserImporter.Format) throws(ImportError) -> ImportPreview {
        // Through stdio, as the importer reads the file (ByteReader).
        guard let file = fopen(path, "rb") else { throw .cannotOpen(String(cString: strerror(errno))) }
        defer { fclose(file) }
        var info = stat()
        let size = fstat(fileno(file), &info) == 0 ? Int(info.st_size) : 0
        var head = [UInt8](repeating: 0, count: headSize)
        let count = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, headSize, file) }
        guard ferror(file) == 0 else { throw .cannotOpen(String(cString: strerror(errno))) }
        guard count > 0 else { throw .empty }
        return ImportPreview(head: Array(head[..<count]), isWholeFile: count < headSize, fileSize: max(size, count), format: format)
    }

    /// A preview of `head`, with its character set, separator and columns detected; `fileSize`
    /// is the head's own size unless given.
    public init(head: [UInt8], isWholeFile: Bool, fileSize: Int? = nil, format: UserImporter.Format) {
        self.head = head
        self.isWholeFile = isWholeFile
        self.fileSize = fileSize ?? head.count
        detectedEncoding = TextEncoding.detect(head, isWholeFile: isWholeFile)
        let text = Self.text(head, detectedEncoding, isWholeFile)
        detectedSeparator = format == .csv ? Self.separator(of: text) : .comma
        options = ImportOptions(format: format, encoding: detectedEncoding, separator: detectedSeparator)
        parse()
    }

    /// What the import is told: the columns only when chosen here (otherwise it finds them from
    /// the header as this did).
    public var importOptions: ImportOptions {
        var chosen = options
        chosen.columns = columnsChosen ? columns : nil
        return chosen
    }

    /// What is wrong with `row` as the import will read it with the columns chosen, if anything
    /// (but a duplicate e-mail address: the store knows those).
    public func problem(of row: Row) -> RowProblem? {
        if let problem = row.problem { return problem }
        if options.format == .csv, row.fields.count > header.count { return .tooManyFields }
        let values = UserField.allCases.map { field in columns[field].map { $0.index < row.fields.count ? row.fields[$0.index] : "" } }
        if case .failure(let problem) = UserRowValidation.validate(values) { return problem }
        return nil
    }

    /// How many columns the rows shown have.
    public var columnCount: Int { rows.reduce(header.count) { max($0, $1.fields.count) } }

    /// The person chose another character set: the rows and columns are read anew.
    public mutating func setEncoding(_ encoding: TextEncoding) {
        options.encoding = encoding
        columnsChosen = false  // other text, other names
        parse()
    }

    /// The person chose another separator: the rows and columns are read anew.
    public mutating func setSeparator(_ separator: CSVSeparator) {
        options.separator = separator
        columnsChosen = false
        parse()
    }

    /// The person chose the column at `index` of the header (or none) for `field`.
    public mutating func setColumn(_ field: UserField, to index: Int?) {
        columns[field] = index.flatMap { header.indices.contains($0) ? ColumnMapping.Column(index: $0, name: header[$0]) : nil }
        columnsChosen = true
    }

    private mutating func parse() {
        let reader = ByteReader(bytes: Self.text(head, options.encoding, isWholeFile))
        (header, rows, problem) = options.format == .csv ? csvRows(reader) : jsonRows(reader)
        if !columnsChosen { columns = ColumnMapping.matching(header) }
    }

    private func csvRows(_ reader: ByteReader) -> ([String], [Row], ImportError?) {
        let parser = CSVParser(reader, separator: options.separator.byte)
        guard let first = parser.nextRecord() else { return ([], [], .empty) }
        let header = first.map(Self.shown)
        parser.expectedFieldCount = header.count
        var rows: [Row] = []
        while rows.count < Self.rowLimit, let record = parser.nextRecord() {
            // The last record of a head that is not the whole file may be cut short: not shown.
            if !isWholeFile, reader.peek() == nil { break }
            if record.count == 1, record[0] == .text(""), parser.recordProblem == nil { continue }
            rows.append(Row(line: parser.recordLine, fields: record.map(Self.shown), problem: parser.recordProblem))
        }
        return (header, rows, nil)
    }

    private func jsonRows(_ reader: ByteReader) -> ([String], [Row], ImportError?) {
        let parser = JSONStreamParser(reader)
        var objects: [(line: Int, members: [String: JSONValue])] = []
        var problem: ImportError?
        do {
            if try parser.beginArray() {
                while objects.count < Self.rowLimit, let element = try parser.nextElement() {
                    objects.append((parser.elementLine, { if case .object(let members) = element { members } else { [:] } }()))
                }
            } else {
                problem = .notAList
            }
        } catch {
            // Past the end of a head that is not the whole file, the text is cut, not wrong.
            if isWholeFile || objects.isEmpty { problem = .malformed(line: error.line) }
        }
        // The keys in a steady order: those that name a field first, in the fields' order.
        let keys = Set(objects.flatMap(\.members.keys)).sorted {
            let (a, b) = (ColumnMapping.field(forKey: $0)?.field.rawValue ?? 9, ColumnMapping.field(forKey: $1)?.field.rawValue ?? 9)
            return a != b ? a < b : $0 < $1
        }
        let rows = objects.map { object in
            Row(line: object.line, fields: keys.map { object.members[$0].map(Self.shown) ?? "" }, problem: nil)
        }
        return (keys, rows, problem)
    }

    private static func shown(_ field: CSVParser.Field) -> String {
        switch field {
        case .text(let text), .notUTF8(let text): text
        case .tooLong: "…"
        }
    }

    private static func shown(_ value: JSONValue) -> String {
        switch value {
        case .string(let text), .number(let text), .loneSurrogate(let text, _): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: ""
        case .object: "{…}"
        case .array: "[…]"
        case .tooLong: "…"
        }
    }

    /// The head as UTF-8.
    private static func text(_ head: [UInt8], _ encoding: TextEncoding, _ isWholeFile: Bool) -> [UInt8] {
        encoding.conversionName == nil ? head : CharsetDecoder.convert(head, from: encoding, isWholeFile: isWholeFile)
    }

    /// The separator that splits the first lines into the same number of fields, two or more;
    /// the comma when none does better.
    static func separator(of text: [UInt8]) -> CSVSeparator {
        func score(_ separator: CSVSeparator) -> (Int, Int) {
            let parser = CSVParser(ByteReader(bytes: text), separator: separator.byte)
            guard let header = parser.nextRecord(), header.count > 1 else { return (0, 0) }
            var alike = 0
            for _ in 0..<10 {
                guard let record = parser.nextRecord() else { break }
                if record.count == header.count { alike += 1 }
            }
            return (alike + 1, header.count)
        }
        return CSVSeparator.allCases.max { score($0) < score($1) } ?? .comma
    }
}
