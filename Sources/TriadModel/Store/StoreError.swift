import CSQLite

/// A failure of the store, classified so the UI can say what happened in plain words.
public struct StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What happened, in the few kinds the user's advice depends on.
    public enum Kind: Sendable, Equatable {
        /// The data folder or file may not be written.
        case readOnly
        /// The disk is full.
        case full
        /// The data file is not an SQLite database.
        case notADatabase
        /// The data file is damaged.
        case corrupt
        /// The data file cannot be opened.
        case cannotOpen
        /// Another connection holds the file's lock.
        case busy
        /// The disk reported an input or output error.
        case diskError
        /// Anything else SQLite reported.
        case other
    }
    /// What happened, classified.
    public let kind: Kind
    /// SQLite's extended result code.
    public let code: Int32
    /// SQLite's own message, for logs and the tests, never shown alone to the user.
    public let detail: String

    init(code: Int32, detail: String) {
        self.code = code
        self.detail = detail
        switch code & 0xFF {
        case SQLITE_READONLY, SQLITE_PERM: kind = .readOnly
        case SQLITE_FULL: kind = .full
        case SQLITE_NOTADB: kind = .notADatabase
        case SQLITE_CORRUPT: kind = .corrupt
        case SQLITE_CANTOPEN: kind = .cannotOpen
        case SQLITE_BUSY, SQLITE_LOCKED: kind = .busy
        case SQLITE_IOERR:
            // A full disk can surface as an I/O error while syncing; anything else is the disk's fault.
            kind = detail.containsText("disk is full") || detail.containsText("No space") ? .full : .diskError
        default: kind = .other
        }
    }

    /// The code and SQLite's message, as logs and test failures print the error.
    public var description: String { "SQLite error \(code): \(detail)" }

    /// What went wrong, in one sentence of Triad's own (never SQLite's) words.
    public var cause: String {
        switch kind {
        case .readOnly: L("The data folder is read-only.")
        case .full: L("The disk is full.")
        case .notADatabase, .corrupt: L("The data file is damaged.")
        case .cannotOpen: L("The data file cannot be opened.")
        case .busy: L("Another program is using the data file.")
        case .diskError: L("The disk reported an error while writing.")
        case .other: L("The data file reported a problem ({detail}).").filling(["detail": detail])
        }
    }

    /// What the user can do about it.
    public var advice: String {
        switch kind {
        case .busy: L("Try again when the other program has finished.")
        case .full: L("Free some disk space, then try again.")
        case .readOnly: L("Make the data folder writable, then try again.")
        case .notADatabase, .corrupt: L("Restart Triad: it moves a damaged file aside and starts a new one.")
        case .cannotOpen, .diskError, .other: L("Try again; if it keeps failing, check the disk.")
        }
    }

    /// The cause and the advice, for places that have no sentence of their own to put first.
    public var userMessage: String { "\(cause) \(advice)" }

    /// The whole message for a failed save: `outcome` says what was (not) stored and that nothing
    /// the user entered is lost ("Your address was not saved; what you typed is still in the
    /// form."), then the cause, then the advice.
    public func explained(_ outcome: String) -> String { "\(outcome) \(cause) \(advice)" }

    /// Wraps any error a store write threw.
    public static func wrapping(_ error: any Error) -> StoreError {
        error as? StoreError ?? StoreError(code: SQLITE_ERROR, detail: "\(error)")
    }
}
