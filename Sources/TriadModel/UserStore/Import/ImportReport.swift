import Synchronization

/// Why one row was skipped.
public enum RowProblem: Error, Equatable, Sendable {
    case missingField(String)
    case ageNotANumber
    case ageOutOfRange
    case malformedEmail
    case duplicateEmail
    /// Bytes that are no text in the file's character set (named: "UTF-8", "Windows-1252"…).
    case invalidText(String)
    case fieldTooLong(String)
    case notAnObject
    case tooManyFields
    case unclosedQuote
    case nulCharacter
    /// A JSON `\u` escape of half a UTF-16 surrogate pair, alone (named in capitals: `\uD83D`).
    case loneSurrogate(field: String, escape: String)

    public var message: String {
        switch self {
        case .missingField(let name): L("{field} is missing").filling(["field": name])
        case .ageNotANumber: L("age is not a number")
        case .ageOutOfRange: L("age must be between 0 and 150")
        case .malformedEmail: L("the e-mail address is not valid")
        case .duplicateEmail: L("the e-mail address is already in the list")
        case .invalidText(let encoding): L("the text is not valid {encoding}").filling(["encoding": encoding])
        case .fieldTooLong(let name): L("{field} is too long").filling(["field": name])
        case .notAnObject: L("the entry is not an object")
        case .tooManyFields: L("the row has more fields than the header")
        case .unclosedQuote: L("a quote opened in this row is not closed; the next line is read as the next row")
        case .nulCharacter: L("the row contains a NUL character")
        case .loneSurrogate(let field, let escape):
            L("{field} holds the escape {escape}, half of a character whose other half is missing").filling(["field": field, "escape": escape])
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
    /// The fields no column was found for (their titles: "First name", "E-mail").
    case missingColumns([String])
    case empty
    case notAList
    case malformed(line: Int)
    case cancelled
    case storage(String)

    public var message: String {
        switch self {
        case .cannotOpen(let reason): L("The file cannot be opened: {reason}").filling(["reason": reason])
        case .missingColumns(let names): L("The file has no column for {names}. Its first line names the columns: first_name, last_name, email and (if known) age, or the names a contacts export gives them.").filling(["names": names.joined(separator: ", ")])
        case .empty: L("The file is empty; there is nothing to import.")
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

    /// Every row of the file is one or the other.
    public var rows: Int { added + skippedCount }

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
