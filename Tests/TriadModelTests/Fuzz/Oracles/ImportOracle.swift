import Glibc

// What the import targets (csv, json, table) check of every input, beyond not crashing: the
// importer's outcome against the oracles that read the same bytes on their own (CSVRecords,
// JSONElements, IndependentDecoding), and the users it stored against what an export of them
// imports back to. A failed check stops the run with what differed, as a crash does.
#if !FUZZING
    @testable import TriadModel
#endif

enum ImportOracle {
    /// A store the targets import into, made once; when it cannot be made, the run fails.
    static func makeStore(users: Int) -> Store {
        do {
            let store = try Store(inMemory: ())
            if users > 0 { _ = try UserGenerator.generate(users, into: store) }
            return store
        } catch {
            fatalError("fuzz: the in-memory store cannot be made: \(error)")
        }
    }

    nonisolated(unsafe) static let empty = makeStore(users: 0)
    /// A store that lists more users than a fuzzing input brings, as people's stores do: the
    /// import then keeps its indexes (and runs many times faster than setting them aside).
    nonisolated(unsafe) static let listed = makeStore(users: 250)
    /// Where the export of what an input imported is imported back: a listed store too, for the
    /// same reason.
    nonisolated(unsafe) static let readBack = makeStore(users: 250)

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz: " + message()) }
    }

    static func must<T>(_ what: String, _ work: () throws -> T) -> T {
        do { return try work() } catch { fatalError("fuzz: \(what) failed: \(error)") }
    }

    /// Imports `bytes` into `store` as `options` say, checks the outcome and the users stored,
    /// then takes out what it added.
    static func check(_ bytes: [UInt8], options: ImportOptions, into store: Store) {
        let kept = must("reading the store") { try store.database.scalar("SELECT coalesce(max(id), 0) FROM users")?.integer ?? 0 }
        let before = count(store)
        let result: Result<ImportReport, ImportError>
        do {
            result = .success(
                try UserImporter.importRows(
                    from: ByteReader(bytes: bytes, encoding: options.encoding), options: options,
                    into: store.database))
        } catch let error as ImportError {
            require(!error.message.isEmpty, "the import failed with no message: \(error)")
            result = .failure(error)
        } catch {
            fatalError("fuzz: the import threw \(error), which is no ImportError the window could show")
        }
        let text = IndependentDecoding.utf8(bytes, from: options.encoding)
        if options.format == .csv { checkCSV(text, options.separator.byte, result) } else { checkJSON(text, result) }
        let added = users(in: store, after: kept)
        switch result {
        case .success(let report):
            require(
                added.count == report.added && count(store) == before + report.added,
                "the store holds \(added.count) new users of \(count(store) - before), the report says \(report.added) were added")
            if !added.isEmpty { roundTrip(added, whole: kept == 0 ? store : nil, formats: roundTripFormats(bytes)) }
        case .failure(let error):
            require(added.isEmpty, "a failed import (\(error)) added \(added.count) users")
        }
        must("emptying the store") { try store.database.execute("DELETE FROM users WHERE id > ?", [.integer(kept)]) }
    }

    /// CSV: the rows the oracle counts, or the error it expects (nothing to read: the file is
    /// empty; a first line without Triad's own column names may lack the columns).
    private static func checkCSV(_ text: [UInt8], _ separator: UInt8, _ result: Result<ImportReport, ImportError>) {
        let records = CSVRecords(text, separator: separator)
        guard let header = records.header else {
            return require(result == .failure(.empty), "a file with no text is reported as empty, not as \(result)")
        }
        switch result {
        case .success(let report):
            checkCounts(report, rowLines: records.rows.map(\.line))
        case .failure(.missingColumns(let names)):
            let fields = Set(header.fields.map { String(decoding: $0, as: UTF8.self) })
            require(
                !names.isEmpty && !fields.isSuperset(of: ["first_name", "last_name", "email"]),
                "a header with first_name, last_name and email is refused for lacking \(names)")
        case .failure(let error):
            fatalError("fuzz: a CSV file with a first line failed to import: \(error.message)")
        }
    }

    /// JSON: the elements the oracle finds, or the error it expects. It answers for files no
    /// longer than a field (all the fuzzer makes); a longer one may hold a string too long for
    /// the importer to check its bytes, and only where both find the same elements are they compared.
    private static func checkJSON(_ text: [UInt8], _ result: Result<ImportReport, ImportError>) {
        let expected = JSONElements.read(text)
        let lineCount = 1 + text.count(where: { $0 == 0x0A })
        switch (expected, result) {
        case (.elements(let lines), .success(let report)):
            checkCounts(report, rowLines: lines)
        case (.notAList, .failure(.notAList)):
            break
        case (.malformed, .failure(.malformed(let line))):
            require((1...lineCount).contains(line), "a syntax error reported at line \(line) of \(lineCount)")
        default:
            require(text.count > CSVParser.fieldLimit, "the JSON oracle finds \(expected), the import \(result)")
        }
    }

    /// Every row is added or skipped; the skipped ones are reported in the file's order at the
    /// lines rows start on, the first 100 of them kept.
    private static func checkCounts(_ report: ImportReport, rowLines: [Int]) {
        require(
            report.added + report.skippedCount == rowLines.count,
            "\(report.added) added + \(report.skippedCount) skipped is not the file's \(rowLines.count) rows: \(report.message)")
        require(
            report.skipped.count == min(report.skippedCount, 100), "\(report.skipped.count) of \(report.skippedCount) skipped rows kept")
        let lines = report.skipped.map(\.line)
        let starts = Set(rowLines)
        require(
            lines == lines.sorted() && lines.allSatisfy(starts.contains),
            "skipped rows reported at lines \(lines), rows start at \(rowLines.prefix(50))")
        require(report.skipped.allSatisfy { !$0.problem.message.isEmpty }, "a skipped row without a reason")
    }

    static func count(_ store: Store) -> Int {
        must("counting the users") { Int(try store.database.scalar("SELECT count(*) FROM users")?.integer ?? -1) }
    }

    /// The users stored after `id`, in order.
    static func users(in store: Store, after id: Int64) -> [User] {
        must("reading the users") {
            try store.database.rows("SELECT first_name, last_name, email, age FROM users WHERE id > ? ORDER BY id", [.integer(id)]).map {
                User(firstName: $0[0].text ?? "", lastName: $0[1].text ?? "", email: $0[2].text ?? "", age: $0[3].integer.map { Int($0) })
            }
        }
    }

    /// The formats an input's users are exported to: both in the model tests; one in the fuzzer,
    /// which runs many more inputs, to keep its pace (chosen by the input's bytes, so an input
    /// that fails there fails again).
    private static func roundTripFormats(_ bytes: [UInt8]) -> [UserExporter.Format] {
        #if FUZZING
            return bytes.reduce(0) { $0 &+ $1 } & 1 == 0 ? [.csv] : [.json]
        #else
            return [.csv, .json]
        #endif
    }

    /// What the input added, exported to each of `formats` (by the exporter itself when the store
    /// holds nothing else, `whole`) and imported into another store, is the same users in the
    /// same order.
    private static func roundTrip(_ added: [User], whole: Store?, formats: [UserExporter.Format]) {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        for format in formats {
            let path = "\(folder)/triad-fuzz-\(getpid()).\(format == .csv ? "csv" : "json")"
            defer { unlink(path) }
            must("writing the export") {
                let writer = try UserFileWriter(path: path, format: format)
                if let whole {
                    _ = try UserExporter.export(from: whole.database, search: nil, to: writer, cancel: CancelFlag()) { _ in }
                } else {
                    for user in added { try writer.write(user) }
                }
                try writer.finish()
            }
            let listed = must("reading the store") { try readBack.database.scalar("SELECT max(id) FROM users")?.integer ?? 0 }
            let report = must("importing the export") {
                try UserImporter.importRows(from: ByteReader(path: path), format: format == .csv ? .csv : .json, into: readBack.database)
            }
            let back = users(in: readBack, after: listed)
            must("emptying the store read back") { try readBack.database.execute("DELETE FROM users WHERE id > ?", [.integer(listed)]) }
            let first = zip(back, added).first { $0 != $1 }.map { "\($0) for \($1)" } ?? "\(back.count) users for \(added.count)"
            require(
                report.skippedCount == 0 && back == added,
                "the \(format) export imports back to other users: \(report.message); \(first)")
        }
    }
}
