// The rows of a file, each with its line and either the user it holds or what is wrong with it:
// what the importer's reading thread hands on, a batch at a time (UserImporter.swift).

extension UserImporter {
    typealias Take = (Int, Result<User, RowProblem>) throws -> Void

    /// A CSV file: its header names the columns (or the preview chose them), then each record is
    /// one row. Only the columns used are checked for bad text and length: a long note in a
    /// contacts export's other columns does not cost the row.
    static func readCSV(_ reader: ByteReader, _ options: ImportOptions, _ take: Take) throws {
        let parser = CSVParser(reader, separator: options.separator.byte)
        guard let header = parser.nextRecord() else { throw ImportError.empty }
        let names = header.map { field -> String in
            if case .text(let text) = field { return text.trimmingWhitespace }
            return ""
        }
        let mapping = options.columns ?? ColumnMapping.matching(names)
        let missing = mapping.missing
        guard missing.isEmpty else { throw ImportError.missingColumns(missing.map(\.title)) }
        parser.expectedFieldCount = header.count
        // Where each value is in a record, found once.
        let columns = UserField.allCases.map { mapping[$0]?.index }
        let invalidText = RowProblem.invalidText(options.encoding.name)
        var values = [String?](repeating: nil, count: columns.count)
        while let record = parser.nextRecord() {
            let line = parser.recordLine
            if let problem = parser.recordProblem {
                try take(line, .failure(problem))
                continue
            }
            if record.count == 1, record[0] == .text("") { continue }  // a blank line
            if record.count > header.count {
                try take(line, .failure(.tooManyFields))
                continue
            }
            var problem: RowProblem?
            for (slot, column) in columns.enumerated() {
                guard let column else {
                    values[slot] = nil
                    continue
                }
                switch column < record.count ? record[column] : .text("") {
                case .text(let text): values[slot] = text
                case .notUTF8: problem = problem ?? invalidText
                case .tooLong: problem = problem ?? .fieldTooLong(names[column])
                }
            }
            if let problem {
                try take(line, .failure(problem))
                continue
            }
            try take(line, UserRowValidation.validate(values))
        }
    }

    /// A JSON file: an array of objects, each one row; its keys are matched to the fields as a
    /// header's names are, or named by the preview's choice.
    static func readJSON(_ reader: ByteReader, _ options: ImportOptions, _ take: Take) throws {
        let parser = JSONStreamParser(reader)
        let chosen = options.columns.map { mapping in UserField.allCases.map { mapping[$0]?.name } }
        // Each key's field and the rank of its name (a lower one wins), worked out once per key.
        var known: [String: (field: UserField, rank: Int)?] = [:]
        func field(_ key: String) -> (field: UserField, rank: Int)? {
            if let found = known[key] { return found }
            let found = ColumnMapping.field(forKey: key)
            known[key] = .some(found)
            return found
        }
        do {
            guard try parser.beginArray() else { throw ImportError.notAList }
            while let element = try parser.nextElement() {
                guard case .object(let members) = element else {
                    try take(parser.elementLine, .failure(.notAnObject))
                    continue
                }
                var found = [JSONValue?](repeating: nil, count: UserField.allCases.count)
                var keys = [String](repeating: "", count: found.count)
                if let chosen {
                    for (slot, key) in chosen.enumerated() {
                        if let key {
                            found[slot] = members[key]
                            keys[slot] = key
                        }
                    }
                } else {
                    var ranks = [Int](repeating: .max, count: found.count)
                    for (key, value) in members {
                        guard let (field, rank) = field(key), rank < ranks[field.rawValue] else { continue }
                        (found[field.rawValue], keys[field.rawValue], ranks[field.rawValue]) = (value, key, rank)
                    }
                }
                try take(parser.elementLine, row(found, keys: keys))
            }
        } catch let error as JSONStreamParser.SyntaxError {
            throw ImportError.malformed(line: error.line)
        }
    }

    /// One JSON object's user: text or a number for each value; `null` (or no key) is no value.
    private static func row(_ found: [JSONValue?], keys: [String]) -> Result<User, RowProblem> {
        var values = [String?](repeating: nil, count: found.count)
        for field in UserField.allCases {
            switch found[field.rawValue] {
            // A NUL (a `\u0000` escape) is refused as in a CSV file, where a row holding one could
            // not be imported back from the CSV export of it.
            case .string(let text)? where text.utf8.contains(0): return .failure(.nulCharacter)
            case .string(let text)?, .number(let text)?: values[field.rawValue] = text
            case .tooLong?: return .failure(.fieldTooLong(keys[field.rawValue]))
            case .loneSurrogate(_, let escape)?: return .failure(.loneSurrogate(field: keys[field.rawValue], escape: escape))
            case .bool?, .array?, .object?:
                if field == .age { return .failure(.ageNotANumber) }
            case .null?, nil: break
            }
        }
        return UserRowValidation.validate(values)
    }
}
