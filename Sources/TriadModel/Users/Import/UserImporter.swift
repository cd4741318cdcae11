import Glibc
import Synchronization

// Importing users from CSV (RFC 4180) or JSON (an array of objects), streamed from the file so
// a million rows never sit in memory. Valid rows go into the store in one transaction; invalid
// ones are skipped and reported with their line numbers.

/// Why one row was skipped.
public enum RowProblem: Error, Equatable, Sendable {
    case missingField(String)
    case ageNotANumber
    case ageOutOfRange
    case malformedEmail
    case duplicateEmail
    case notUTF8
    case fieldTooLong(String)
    case notAnObject
    case tooManyFields

    public var message: String {
        switch self {
        case .missingField(let name): L("{field} is missing").filling(["field": name])
        case .ageNotANumber: L("age is not a number")
        case .ageOutOfRange: L("age must be between 0 and 150")
        case .malformedEmail: L("the e-mail address is not valid")
        case .duplicateEmail: L("the e-mail address is already in the list")
        case .notUTF8: L("the text is not valid UTF-8")
        case .fieldTooLong(let name): L("{field} is too long").filling(["field": name])
        case .notAnObject: L("the entry is not an object")
        case .tooManyFields: L("the row has more fields than the header")
        }
    }
}

public struct SkippedRow: Equatable, Sendable {
    public let line: Int
    public let problem: RowProblem
}

/// A problem with the whole file: nothing was imported.
public enum ImportError: Error, Equatable, Sendable {
    case cannotOpen(String)
    case missingColumns([String])
    case notAList
    case malformed(line: Int)
    case cancelled
    case storage(String)

    public var message: String {
        switch self {
        case .cannotOpen(let reason): L("The file cannot be opened: {reason}").filling(["reason": reason])
        case .missingColumns(let names): L("The file has no column {names}; the first line must be: first_name,last_name,email,age").filling(["names": names.joined(separator: ", ")])
        case .notAList: L("The JSON file must hold a list of users ([ … ])")
        case .malformed(let line): L("The file is not valid at line {line}").filling(["line": String(line)])
        case .cancelled: L("Import cancelled; nothing was added")
        case .storage(let reason): reason
        }
    }
}

public struct ImportReport: Equatable, Sendable {
    public var added = 0
    public var skipped: [SkippedRow] = []
    public var skippedCount = 0  // all of them; `skipped` keeps the first 100 for the message

    /// "2 users added. 1 row skipped: line 4: age is not a number"
    public var message: String {
        var text = LN("{count} user added.", "{count} users added.", added).filling(["count": String(added)])
        if skippedCount > 0 {
            let details = skipped.prefix(5).map {
                L("line {line}: {problem}").filling(["line": String($0.line), "problem": $0.problem.message])
            }.joined(separator: "; ")
            text += " " + LN("{count} row skipped:", "{count} rows skipped:", skippedCount).filling(["count": String(skippedCount)])
            text += " " + details + (skippedCount > 5 ? " …" : "")
        }
        return text
    }
}

/// Cancels a running import from another thread.
public final class CancelFlag: Sendable {
    private let state = Mutex<Bool>(false)
    public init() {}
    public func cancel() { state.withLock { $0 = true } }
    public var isCancelled: Bool { state.withLock { $0 } }
}

/// Validation of one imported row (the store checks duplicates).
public enum UserRowValidation {
    public static let required = ["first_name", "last_name", "email", "age"]
    public static let maximumFieldLength = 200

    public static func validate(_ fields: [String: String]) -> Result<User, RowProblem> {
        var values: [String: String] = [:]
        for name in required {
            let value = (fields[name] ?? "").trimmingWhitespace
            if value.isEmpty { return .failure(.missingField(name)) }
            if value.count > maximumFieldLength { return .failure(.fieldTooLong(name)) }
            values[name] = value
        }
        guard let ageText = values["age"], let age = Int(ageText) else { return .failure(.ageNotANumber) }
        guard (0...150).contains(age) else { return .failure(.ageOutOfRange) }
        let email = values["email"] ?? ""
        guard isEmail(email) else { return .failure(.malformedEmail) }
        return .success(User(firstName: values["first_name"] ?? "", lastName: values["last_name"] ?? "",
                             email: email, age: age))
    }

    /// One `@`, a non-empty local part, a domain with a dot and no empty labels, no spaces.
    public static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), text.count <= 254 else { return false }
        guard !text.contains(where: { $0.isWhitespace || $0.isNewline }) else { return false }
        return parts[1].split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
    }
}

/// Reads a CSV or JSON file of users into the store: one transaction for all valid rows.
public enum UserImporter {
    public enum Format: Sendable { case csv, json }

    /// Imports `path`, read as `format` (the caller decides it from the file's content type, not
    /// its name), into the store file at `storePath` (its own connection: call it from a worker
    /// thread). Cancelling, or any failure, leaves the store as it was.
    public static func run(path: String, format: Format, storePath: String, cancel: CancelFlag,
                           progress: @escaping (Double) -> Void) -> Result<ImportReport, ImportError> {
        do {
            let reader = try ByteReader(path: path)
            // A longer wait than the default: the main loop may be saving while this begins.
            let database = try Database(path: storePath, busyTimeoutMilliseconds: 5000)
            return .success(try importRows(from: reader, format: format, into: database, cancel: cancel, progress: progress))
        } catch let error as ImportError {
            return .failure(error)
        } catch {
            return .failure(.storage(StoreError.wrapping(error).explained(L("Nothing from the file was added; the user list is as it was."))))
        }
    }

    public static func importRows(from reader: ByteReader, format: Format, into database: Database,
                                  cancel: CancelFlag = CancelFlag(),
                                  progress: (Double) -> Void = { _ in }) throws -> ImportReport {
        let total = max(1, reader.totalBytes)
        var report = ImportReport()
        var rows = 0
        try database.transaction {
            func skip(_ line: Int, _ problem: RowProblem) {
                report.skippedCount += 1
                if report.skipped.count < 100 { report.skipped.append(SkippedRow(line: line, problem: problem)) }
            }
            func take(_ line: Int, _ result: Result<User, RowProblem>) throws {
                rows += 1
                if rows % 1000 == 0 {
                    if cancel.isCancelled { throw ImportError.cancelled }
                    if rows % 20_000 == 0 { progress(Double(reader.bytesRead) / Double(total)) }
                }
                switch result {
                case .failure(let problem):
                    skip(line, problem)
                case .success(let user):
                    try database.execute("""
                        INSERT INTO users (first_name, last_name, email, age) VALUES (?, ?, ?, ?) \
                        ON CONFLICT(email) DO NOTHING
                        """, [.text(user.firstName), .text(user.lastName), .text(user.email), .integer(Int64(user.age))])
                    // No row changed: that e-mail is already stored (earlier in the file or before).
                    if database.changes == 0 { skip(line, .duplicateEmail) } else { report.added += 1 }
                }
            }
            switch format {
            case .csv: try readCSV(reader, take)
            case .json: try readJSON(reader, take)
            }
            if cancel.isCancelled { throw ImportError.cancelled }
        }
        progress(1)
        return report
    }

    private static func readCSV(_ reader: ByteReader, _ take: (Int, Result<User, RowProblem>) throws -> Void) throws {
        let parser = CSVParser(reader)
        guard let header = parser.nextRecord() else { throw ImportError.missingColumns(UserRowValidation.required) }
        let names = header.map { field -> String in
            if case .text(let text) = field { return text.trimmingWhitespace.lowercased() }
            return ""
        }
        let missing = UserRowValidation.required.filter { !names.contains($0) }
        guard missing.isEmpty else { throw ImportError.missingColumns(missing) }
        while let record = parser.nextRecord() {
            let line = parser.recordLine
            if record == [.text("")] { continue }  // a blank line
            if record.count > names.count { try take(line, .failure(.tooManyFields)); continue }
            var fields: [String: String] = [:]
            var problem: RowProblem?
            for (index, field) in record.enumerated() {
                switch field {
                case .text(let text): fields[names[index]] = text
                case .notUTF8: problem = problem ?? .notUTF8
                case .tooLong: problem = problem ?? .fieldTooLong(names[index])
                }
            }
            if let problem { try take(line, .failure(problem)); continue }
            try take(line, UserRowValidation.validate(fields))
        }
    }

    private static func readJSON(_ reader: ByteReader, _ take: (Int, Result<User, RowProblem>) throws -> Void) throws {
        let parser = JSONStreamParser(reader)
        do {
            guard try parser.beginArray() else { throw ImportError.notAList }
            while let element = try parser.nextElement() {
                guard case .object(let members) = element else { try take(parser.elementLine, .failure(.notAnObject)); continue }
                var fields: [String: String] = [:]
                for (key, value) in members {
                    switch value {
                    case .string(let text): fields[key.lowercased()] = text
                    case .number(let text): fields[key.lowercased()] = text
                    default: break
                    }
                }
                try take(parser.elementLine, UserRowValidation.validate(fields))
            }
        } catch let error as JSONStreamParser.SyntaxError {
            throw ImportError.malformed(line: error.line)
        }
    }
}
