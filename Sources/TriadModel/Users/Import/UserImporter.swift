import Glibc
import Synchronization

// Importing users from CSV (RFC 4180) or JSON (an array of objects), streamed from the file so
// a million rows never sit in memory. Valid rows go into the store in one transaction; invalid
// ones are skipped and reported with their line numbers.

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

    public static func importRows(from reader: ByteReader, format: Format, into database: Database,
                                  cancel: CancelFlag = CancelFlag(),
                                  progress: (Double) -> Void = { _ in }) throws -> ImportReport {
        let total = max(1, reader.totalBytes)
        // Two cores work at once: a thread reads, parses and validates the file into batches
        // while this one writes them. At most 4 batches of 2,048 rows wait between them, so
        // memory stays bounded whatever the file's size.
        let batches = BoundedChannel<Parsed>(capacity: 4)
        let producerDone = BoundedChannel<Bool>(capacity: 1)
        let handedOver = HandedOver(reader)
        WorkerThread.start {
            defer { producerDone.finish() }
            var batch: [(line: Int, result: Result<User, RowProblem>)] = []
            batch.reserveCapacity(2048)
            func take(_ line: Int, _ result: Result<User, RowProblem>) throws {
                batch.append((line, result))
                guard batch.count == 2048 else { return }
                guard batches.send(.rows(batch, bytesRead: handedOver.reader.bytesRead)) else { throw Abandoned() }
                batch.removeAll(keepingCapacity: true)
            }
            do {
                switch format {
                case .csv: try readCSV(handedOver.reader, take)
                case .json: try readJSON(handedOver.reader, take)
                }
                if !batch.isEmpty { batches.send(.rows(batch, bytesRead: handedOver.reader.bytesRead)) }
            } catch let error as ImportError {
                batches.send(.failed(error))
            } catch {}  // Abandoned: nobody is listening
            batches.finish()
        }
        // However this ends, the reading thread stops before the reader is given back.
        defer {
            batches.abandon()
            _ = producerDone.receive()
        }
        var report = ImportReport()
        try database.transaction {
            // Rows go in faster without the name indexes, which are then built once from sorted
            // keys. Worth it only when the file brings more rows than the list holds (counting
            // `bytesPerRow` a row); the e-mail index stays, as it finds duplicates. All of it is one transaction: Cancel or a failure restores them.
            let existing = Int(try database.scalar("SELECT count(*) FROM users")?.integer ?? 0)
            let rebuilt = total / bytesPerRow > existing ? try database.rows(
                "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users' AND sql IS NOT NULL")
                .compactMap { row in row[0].text.flatMap { name in row[1].text.map { (name, $0) } } } : []
            for (name, _) in rebuilt { try database.execute("DROP INDEX \"\(name)\"") }
            // One statement, prepared once for every row.
            let insert = try database.statement("""
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
                            row.integer(4, Int64(user.age))
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

    private static func readCSV(_ reader: ByteReader, _ take: (Int, Result<User, RowProblem>) throws -> Void) throws {
        let parser = CSVParser(reader)
        guard let header = parser.nextRecord() else { throw ImportError.missingColumns(UserRowValidation.required) }
        let names = header.map { field -> String in
            if case .text(let text) = field { return text.trimmingWhitespace.lowercased() }
            return ""
        }
        let missing = UserRowValidation.required.filter { !names.contains($0) }
        guard missing.isEmpty else { throw ImportError.missingColumns(missing) }
        // Where each required value is in a record (the last column of that name, as before), found once.
        let columns = UserRowValidation.required.compactMap { names.lastIndex(of: $0) }
        var values = [String](repeating: "", count: columns.count)
        while let record = parser.nextRecord() {
            let line = parser.recordLine
            if record.count == 1, record[0] == .text("") { continue }  // a blank line
            if record.count > names.count { try take(line, .failure(.tooManyFields)); continue }
            var problem: RowProblem?
            for (index, field) in record.enumerated() {
                switch field {
                case .text: break
                case .notUTF8: problem = problem ?? .notUTF8
                case .tooLong: problem = problem ?? .fieldTooLong(names[index])
                }
            }
            if let problem { try take(line, .failure(problem)); continue }
            for (slot, column) in columns.enumerated() {
                values[slot] = if column < record.count, case .text(let text) = record[column] { text } else { "" }
            }
            try take(line, UserRowValidation.validate(values))
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
