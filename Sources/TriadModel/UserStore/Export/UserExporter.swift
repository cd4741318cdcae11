import Glibc

/// Writes the user list (all of it, or a search's result) to a CSV file (UTF-8, RFC 4180,
/// Triad's header) or a JSON file (an array of objects), streamed from the store so a million
/// users never sit in memory. What it writes imports back to the same users.
public enum UserExporter {
    /// The two kinds of file an export writes (and an import reads).
    public enum Format: Sendable, Equatable {
        /// Comma-separated values with Triad's header.
        case csv
        /// A JSON array of objects.
        case json

        /// The format a file name asks for: `.csv` or `.json` (any case); nil for any other.
        public init?(fileName: String) {
            let name = fileName.lowercased()
            if name.hasSuffix(".csv") { self = .csv } else if name.hasSuffix(".json") { self = .json } else { return nil }
        }
    }

    /// Writes the users matching `search` (all of them when nil or empty) from the store file
    /// at `storePath` to `path` (its own read-only connection: call it from a worker thread);
    /// returns how many were written. Cancelling, or a failure, leaves no file behind.
    public static func run(
        to path: String, format: Format, search: String? = nil, storePath: String,
        cancel: CancelFlag, progress: @escaping (Double) -> Void
    ) -> Result<Int, ExportError> {
        let database: Database
        do {
            database = try Database(path: storePath, readOnly: true)
        } catch {
            return .failure(.storage(StoreError.wrapping(error).userMessage))
        }
        let writer: UserFileWriter
        do {
            writer = try UserFileWriter(path: path, format: format)
        } catch {
            return .failure(error)
        }
        do {
            let count = try export(from: database, search: search, to: writer, cancel: cancel, progress: progress)
            try writer.finish()
            return .success(count)
        } catch {
            writer.discard()
            if let error = error as? ExportError { return .failure(error) }
            return .failure(.storage(StoreError.wrapping(error).userMessage))
        }
    }

    /// The users matching `search` (all when nil or empty), in the list's order, into `writer`.
    static func export(
        from database: Database, search: String?, to writer: UserFileWriter, cancel: CancelFlag,
        progress: (Double) -> Void
    ) throws -> Int {
        // One read transaction: the file is the list as it was at one moment.
        try database.execute("BEGIN")
        defer { try? database.execute("COMMIT") }
        var written = 0
        func wrote(of total: Int) throws {
            written += 1
            guard written % 4096 == 0 else { return }
            if cancel.isCancelled { throw ExportError.cancelled }
            // Never a division by 0: `written` is at least 4,096 here, and never more than the
            // total, counted in the same read transaction.
            progress(Double(written) / Double(total))
        }
        let query = search?.trimmingWhitespace ?? ""
        if query.isEmpty {
            let total = Int(try database.scalar("SELECT count(*) FROM users")?.integer ?? 0)
            try database.forEachRawRow("SELECT first_name, last_name, email, age FROM users ORDER BY id") { row in
                try writer.write(row.text(0), row.text(1), row.text(2), age: row.integer(3))
                try wrote(of: total)
            }
        } else {
            let ids = try UserSearch.matching(in: database, query: query)
            var start = 0
            while start < ids.count {
                let block = Array(ids[start..<min(ids.count, start + 512)])
                for user in StoreUserRows.read(block, from: database).compactMap({ $0 }) {
                    try writer.write(user)
                    try wrote(of: ids.count)
                }
                start += block.count
            }
        }
        if cancel.isCancelled { throw ExportError.cancelled }
        progress(1)
        return written
    }
}

/// Why an export wrote nothing.
public enum ExportError: Error, Equatable, Sendable {
    /// The file could not be created or written (the system's reason).
    case cannotWrite(String)
    /// The user cancelled the export.
    case cancelled
    /// The store could not be read (its message, said for the user).
    case storage(String)

    /// The error as the export's message gives it, translated.
    public var message: String {
        switch self {
        case .cannotWrite(let reason): L("The file cannot be written: {reason}").filling(["reason": reason])
        case .cancelled: L("Export cancelled; no file was written")
        case .storage(let reason): L("The user list cannot be read: {reason}").filling(["reason": reason])
        }
    }
}
