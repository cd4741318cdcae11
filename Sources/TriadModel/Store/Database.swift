import CSQLite
import Glibc

/// A thin Swift layer over one SQLite connection: prepared statements with bound parameters
/// (SQL is never assembled from values), transactions, and the schema version.
/// A connection belongs to the thread that uses it; background work opens its own.
public final class Database {
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]
    /// The file the connection is open on (or `":memory:"`).
    public let path: String

    /// Opens (and creates) the database at `path`; `":memory:"` for a private in-memory one.
    /// A statement that finds the file locked by another connection retries for up to
    /// `busyTimeoutMilliseconds` before it fails.
    public init(path: String, readOnly: Bool = false, busyTimeoutMilliseconds: Int32 = 2000) throws {
        self.path = path
        var pointer: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let status = sqlite3_open_v2(path, &pointer, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let pointer else {
            let detail = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(pointer)
            throw StoreError(code: status, detail: detail)
        }
        handle = pointer
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    // MARK: Running statements

    /// Runs a statement that returns no rows.
    public func execute(_ sql: String, _ parameters: [SQLValue] = []) throws {
        _ = try rows(sql, parameters)
    }

    /// Runs a query and returns all its rows (for small results).
    public func rows(_ sql: String, _ parameters: [SQLValue] = []) throws -> [[SQLValue]] {
        var result: [[SQLValue]] = []
        try forEachRow(sql, parameters) { result.append($0) }
        return result
    }

    /// Runs a query and hands each row to `body`, without collecting them.
    public func forEachRow(_ sql: String, _ parameters: [SQLValue] = [], _ body: ([SQLValue]) throws -> Void) throws {
        try step(sql, parameters) { statement in try body(row(statement)) }
    }

    /// The first column of every row as integers, without building a row per value.
    public func integers(_ sql: String, _ parameters: [SQLValue] = []) throws -> [Int64] {
        var values: [Int64] = []
        try step(sql, parameters) { statement in values.append(sqlite3_column_int64(statement, 0)) }
        return values
    }

    /// A statement prepared once and run many times with text and integer parameters, for bulk
    /// writes: no parameter array and no statement lookup per run.
    public func statement(_ sql: String) throws -> Statement {
        Statement(try prepared(sql), database: self)
    }

    /// A prepared statement, run again and again with new parameters (see ``statement(_:)``).
    public struct Statement {
        private let handle: OpaquePointer
        private let database: Database

        fileprivate init(_ handle: OpaquePointer, database: Database) {
            self.handle = handle
            self.database = database
        }

        /// Runs the statement once with `bind` setting its parameters, and returns the number
        /// of rows it changed.
        public func run(_ bind: (Binder) -> Void) throws -> Int {
            defer { sqlite3_reset(handle) }
            bind(Binder(handle: handle))
            let status = sqlite3_step(handle)
            guard status == SQLITE_DONE || status == SQLITE_ROW else { throw database.error(status) }
            return database.changes
        }
    }

    /// Sets the parameters of one run of a ``Statement``; `index` counts from one, as SQLite's do.
    public struct Binder {
        fileprivate let handle: OpaquePointer
        /// Binds `value` as text to the parameter at `index`.
        public func text(_ index: Int32, _ value: String) {
            var value = value
            _ = value.withUTF8 { bindUTF8($0, to: handle, at: index) }
        }
        /// Binds `value` as a whole number to the parameter at `index`.
        public func integer(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(handle, index, value) }
        /// Binds NULL to the parameter at `index`.
        public func null(_ index: Int32) { sqlite3_bind_null(handle, index) }
    }

    /// The integers `value` takes on the rows of `table` where `condition` holds, gathered
    /// inside SQLite by a function of Triad's, `triad_collect`, instead of stepped out one row at
    /// a time, which spares a call into Swift for every row (docs/PERFORMANCE.md has the
    /// figures). In SQLite's order.
    public func collectedIntegers(
        _ value: String, from table: String, where condition: String,
        _ parameters: [SQLValue] = []
    ) throws -> [Int64] {
        final class Collector { var values: [Int64] = [] }
        let collector = Collector()
        let status = sqlite3_create_function_v2(
            handle, "triad_collect", 1, SQLITE_UTF8, Unmanaged.passUnretained(collector).toOpaque(),
            { context, _, arguments in
                guard let data = sqlite3_user_data(context), let argument = arguments?[0] else { return }
                Unmanaged<Collector>.fromOpaque(data).takeUnretainedValue().values.append(sqlite3_value_int64(argument))
                sqlite3_result_int(context, 1)
            }, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status) }
        // The function's user data is this call's collector: it goes when the call ends.
        defer { sqlite3_create_function_v2(handle, "triad_collect", 1, SQLITE_UTF8, nil, nil, nil, nil, nil) }
        try withExtendedLifetime(collector) {
            // In the aggregate, not in WHERE: there SQLite may call it before the terms it must
            // read the row for (it was, and collected rows those terms would have refused).
            _ = try scalar("SELECT count(triad_collect(\(value))) FROM \(table) WHERE \(condition)", parameters)
        }
        return collector.values
    }

    /// The first column of the first row, if any.
    public func scalar(_ sql: String, _ parameters: [SQLValue] = []) throws -> SQLValue? {
        try rows(sql, parameters).first?.first
    }

    /// Runs `body` in one transaction: all of it is stored, or none of it.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// `PRAGMA user_version`: the schema version the migrations have reached.
    public var userVersion: Int {
        Int((try? scalar("PRAGMA user_version"))??.integer ?? 0)
    }

    func setUserVersion(_ version: Int) throws {
        // PRAGMA takes no parameters; the value is an Int, never user text.
        try execute("PRAGMA user_version = \(version)")
    }

    /// How long a statement waits for a lock another connection holds before it fails with
    /// `.busy` (the writer thread's connection waits for WriteQueue's patience).
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Whether SQLite opened the file read-only (it does so by itself when opening for writing
    /// fails).
    public var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    // MARK: Internals

    /// Runs a statement, handing the statement to `body` at each row; resets it afterwards.
    func step(_ sql: String, _ parameters: [SQLValue], _ body: (OpaquePointer) throws -> Void) throws {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(parameters, to: statement)
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw error(status) }
            try body(statement)
        }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let cached = statements[sql] { return cached }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        statements[sql] = statement
        return statement
    }

    private func bind(_ parameters: [SQLValue], to statement: OpaquePointer) throws {
        for (offset, value) in parameters.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32 =
                switch value {
                case .null: sqlite3_bind_null(statement, index)
                case .integer(let number): sqlite3_bind_int64(statement, index, number)
                case .real(let number): sqlite3_bind_double(statement, index, number)
                case .text(let text): sqlite3_bind_text(statement, index, text, -1, sqliteTransient)
                case .utf8(let bytes): bytes.withUnsafeBufferPointer { bindUTF8($0, to: statement, at: index) }
                }
            guard status == SQLITE_OK else { throw error(status) }
        }
    }

    private func row(_ statement: OpaquePointer) -> [SQLValue] {
        (0..<sqlite3_column_count(statement)).map { column in
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
            case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
            case SQLITE_NULL: .null
            default:
                if let text = sqlite3_column_text(statement, column) {
                    .text(
                        String(
                            decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self))
                } else {
                    .null
                }
            }
        }
    }

    fileprivate func error(_ status: Int32) -> StoreError {
        StoreError(code: sqlite3_extended_errcode(handle), detail: String(cString: sqlite3_errmsg(handle)))
    }
}

/// SQLITE_TRANSIENT: SQLite copies the bound text before the call returns.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// Binds UTF-8 bytes as text, as they are (an empty buffer may have no address: bound as "").
private func bindUTF8(_ bytes: UnsafeBufferPointer<UInt8>, to statement: OpaquePointer, at index: Int32) -> Int32 {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_text(statement, index, "", 0, sqliteTransient) }
    return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        sqlite3_bind_text(statement, index, $0, Int32(bytes.count), sqliteTransient)
    }
}
