import Synchronization

/// Why one row was skipped.
public enum RowProblem: Error, Equatable, Sendable {
    /// A required field is empty (named by its column: "first_name").
    case missingField(String)
    /// The age is not a whole number.
    case ageNotANumber
    /// The age is below 0 or above 150.
    case ageOutOfRange
    /// The e-mail address is not one.
    case malformedEmail
    /// The e-mail address is already in the list, or earlier in the file.
    case duplicateEmail
    /// Bytes that are no text in the file's character set (named: "UTF-8", "Windows-1252"…).
    case invalidText(String)
    /// A field is longer than a user's field may be (named by its column).
    case fieldTooLong(String)
    /// A JSON entry is not an object (`{ … }`).
    case notAnObject
    /// A CSV row has more fields than the header names.
    case tooManyFields
    /// A quoted CSV field runs to the end of the line.
    case unclosedQuote
    /// The row holds a NUL character, which no text field may.
    case nulCharacter
    /// A JSON `\u` escape of half a UTF-16 surrogate pair, alone (named in capitals: `\uD83D`).
    case loneSurrogate(field: String, escape: String)

    /// The reason as the import's report gives it, translated.
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
            L("{field} holds the escape {escape}, half of a character whose other half is missing").filling([
                "field": field, "escape": escape,
            ])
        }
    }
}

/// A row the import left out, and why, so that the report can point at it.
public struct SkippedRow: Equatable, Sendable {
    /// The row's line in the file, counted from one.
    public let line: Int
    /// Why it was left out.
    public let problem: RowProblem
}

/// A problem with the whole file: nothing was imported.
public enum ImportError: Error, Equatable, Sendable {
    /// The file could not be opened or read (the system's reason).
    case cannotOpen(String)
    /// The fields no column was found for (their titles: "First name", "E-mail").
    case missingColumns([String])
    /// The file holds nothing.
    case empty
    /// The JSON file holds something other than a list.
    case notAList
    /// The file breaks its format's syntax at this line.
    case malformed(line: Int)
    /// The user cancelled the import; nothing was added.
    case cancelled
    /// The store could not save the rows (its message, said for the user).
    case storage(String)

    /// The error as the import's message gives it, translated.
    public var message: String {
        switch self {
        case .cannotOpen(let reason): L("The file cannot be opened: {reason}").filling(["reason": reason])
        case .missingColumns(let names):
            L(
                "The file has no column for {names}. Its first line names the columns: first_name, last_name, email and (if known) age, or the names a contacts export gives them."
            ).filling(["names": names.joined(separator: ", ")])
        case .empty: L("The file is empty; there is nothing to import.")
        case .notAList: L("The JSON file must hold a list of users ([ … ])")
        case .malformed(let line): L("The file is not valid at line {line}").filling(["line": String(line)])
        case .cancelled: L("Import cancelled; nothing was added")
        case .storage(let reason): reason
        }
    }
}

/// What an import did: how many users it added and which rows it skipped.
public struct ImportReport: Equatable, Sendable {
    /// The users added to the list.
    public var added = 0
    /// The first rows skipped, with their reasons, for the message.
    public var skipped: [SkippedRow] = []
    /// How many rows were skipped in all.
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
    /// A flag not yet raised.
    public init() {}
    /// Raises the flag; an import or export that checks it stops at its next check.
    public func cancel() { state.withLock { $0 = true } }
    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0 } }
}
