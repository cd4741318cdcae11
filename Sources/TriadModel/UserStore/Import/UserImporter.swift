import Glibc
import Synchronization

// Importing users from CSV (RFC 4180, with a comma, semicolon or tab) or JSON (an array of
// objects), in UTF-8, UTF-16 or Windows-1252, streamed from the file so a million rows never sit
// in memory. Valid rows go into the store in one transaction; invalid ones are skipped and
// reported with their line numbers, and every row of the file is one or the other.

/// Reads a CSV or JSON file of users into the store: one transaction for all valid rows.
public enum UserImporter {
    /// The two kinds of file an import reads (and an export writes).
    public enum Format: Sendable {
        /// Comma-, semicolon- or tab-separated values with a header line.
        case csv
        /// A JSON array of objects.
        case json
    }

    /// Imports `path`, read as `options` say (the caller decides the format from the file's
    /// content type, not its name; ImportPreview detects the rest), into the store file at
    /// `storePath` (its own connection: call it from a worker thread). Cancelling, or any
    /// failure, leaves the store as it was.
    public static func run(
        path: String, options: ImportOptions, storePath: String, cancel: CancelFlag,
        progress: @escaping (Double) -> Void
    ) -> Result<ImportReport, ImportError> {
        do {
            let reader = try ByteReader(path: path, encoding: options.encoding)
            // A longer wait than the default: the main loop may be saving while this begins.
            let database = try Database(path: storePath, busyTimeoutMilliseconds: 5000)
            return .success(try importRows(from: reader, options: options, into: database, cancel: cancel, progress: progress))
        } catch let error as ImportError {
            return .failure(error)
        } catch {
            return .failure(
                .storage(StoreError.wrapping(error).explained(L("Nothing from the file was added; the user list is as it was."))))
        }
    }

    /// `run` with the format alone: UTF-8, commas, the columns found from the header.
    public static func run(
        path: String, format: Format, storePath: String, cancel: CancelFlag,
        progress: @escaping (Double) -> Void
    ) -> Result<ImportReport, ImportError> {
        run(path: path, options: ImportOptions(format: format), storePath: storePath, cancel: cancel, progress: progress)
    }

    /// Parsed rows on their way from the reading thread to the one writing them.
    private enum Parsed: Sendable {
        case rows([(line: Int, result: Result<User, RowProblem>)], bytesRead: Int)
        case failed(ImportError)
    }

    /// The reader, handed to the thread that parses it and used by no other.
    private final class HandedOver: @unchecked Sendable {
        let reader: ByteReader
        init(_ reader: ByteReader) { self.reader = reader }
    }

    /// The producer stops: the consumer gave up (Cancel or a failed write).
    private struct Abandoned: Error {}

    /// About how many bytes a row of a file takes, to tell a file that brings more rows than the
    /// list holds.
    static let bytesPerRow = 40

    /// ``importRows(from:options:into:cancel:progress:)`` with the format alone.
    public static func importRows(
        from reader: ByteReader, format: Format, into database: Database,
        cancel: CancelFlag = CancelFlag(), progress: (Double) -> Void = { _ in }
    ) throws -> ImportReport {
        try importRows(from: reader, options: ImportOptions(format: format), into: database, cancel: cancel, progress: progress)
    }

    /// Reads every row from `reader` into `database` in one transaction, on this thread and one
    /// more, and reports what was added and skipped; `progress` hears the share of the file read.
    public static func importRows(
        from reader: ByteReader, options: ImportOptions, into database: Database,
        cancel: CancelFlag = CancelFlag(),
        progress: (Double) -> Void = { _ in }
    ) throws -> ImportReport {
        let total = max(1, reader.totalBytes)
        // Two cores work at once: a thread reads, parses and validates the file into batches
        // while this one writes them. At most 4 batches of 2,048 rows wait between them, so
        // memory stays bounded whatever the file's size.
        let batches = BoundedChannel<Parsed>(capacity: 4)
        let handedOver = HandedOver(reader)
        // Joined, not detached: when this returns, the reading thread has ended and let go of the
        // reader, so the caller that gives the reader back closes the file then and there.
        let reading = WorkerThread.startJoinable {
            var batch: [(line: Int, result: Result<User, RowProblem>)] = []
            batch.reserveCapacity(2048)
            func take(_ line: Int, _ result: Result<User, RowProblem>) throws {
                batch.append((line, result))
                guard batch.count == 2048 else { return }
                guard batches.send(.rows(batch, bytesRead: handedOver.reader.fileBytesRead)) else { throw Abandoned() }
                batch.removeAll(keepingCapacity: true)
            }
            do {
                switch options.format {
                case .csv: try readCSV(handedOver.reader, options, take)
                case .json: try readJSON(handedOver.reader, options, take)
                }
                if !batch.isEmpty { batches.send(.rows(batch, bytesRead: handedOver.reader.fileBytesRead)) }
            } catch let error as ImportError {
                batches.send(.failed(error))
            } catch {}  // Abandoned: nobody is listening
            batches.finish()
        }
        // However this ends, the reading thread stops, and has ended, before the reader is given back.
        defer {
            batches.abandon()
            reading.join()
        }
        var report = ImportReport()
        try database.transaction {
            // Rows go in faster without the name indexes, which are then built once from sorted
            // keys. Worth it only when the file brings more rows than the list holds (counting
            // `bytesPerRow` a row); the e-mail index stays, as it finds duplicates. All of it is one transaction: Cancel or a failure restores them.
            let existing = Int(try database.scalar("SELECT count(*) FROM users")?.integer ?? 0)
            let rebuilt =
                total / bytesPerRow > existing
                ? try database.rows(
                    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users' AND sql IS NOT NULL"
                )
                .compactMap { row in row[0].text.flatMap { name in row[1].text.map { (name, $0) } } } : []
            for (name, _) in rebuilt { try database.execute("DROP INDEX \"\(name)\"") }
            // One statement, prepared once for every row.
            let insert = try database.statement(
                """
                INSERT INTO users (first_name, last_name, email, age) VALUES (?, ?, ?, ?) \
                ON CONFLICT(email) DO NOTHING
                """)
            func skip(_ line: Int, _ problem: RowProblem) {
                report.skippedCount += 1
                if report.skipped.count < 100 { report.skipped.append(SkippedRow(line: line, problem: problem)) }
            }
            var batchesTaken = 0
            while let parsed = batches.receive() {
                let (rows, bytesRead): ([(line: Int, result: Result<User, RowProblem>)], Int)
                switch parsed {
                case .failed(let error): throw error
                case .rows(let batch, let read): (rows, bytesRead) = (batch, read)
                }
                if cancel.isCancelled { throw ImportError.cancelled }
                batchesTaken += 1
                if batchesTaken % 10 == 0 { progress(Double(bytesRead) / Double(total)) }
                for (line, result) in rows {
                    switch result {
                    case .failure(let problem):
                        skip(line, problem)
                    case .success(let user):
                        let changed = try insert.run { row in
                            row.text(1, user.firstName)
                            row.text(2, user.lastName)
                            row.text(3, user.email)
                            if let age = user.age { row.integer(4, Int64(age)) } else { row.null(4) }
                        }
                        // No row changed: that e-mail is already stored (earlier in the file or before).
                        if changed == 0 { skip(line, .duplicateEmail) } else { report.added += 1 }
                    }
                }
            }
            if cancel.isCancelled { throw ImportError.cancelled }
            for (_, sql) in rebuilt { try database.execute(sql) }
        }
        progress(1)
        return report
    }
}
