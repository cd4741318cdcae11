import CSQLite

extension Database {
    /// Runs a query and hands `body` each row as SQLite holds it, for streaming many rows out
    /// (an export) without a `String` or an array per row.
    public func forEachRawRow(_ sql: String, _ parameters: [SQLValue] = [], _ body: (RawRow) throws -> Void) throws {
        try step(sql, parameters) { statement in try body(RawRow(statement: statement)) }
    }

    /// One row of `forEachRawRow`: valid only inside the call that handed it over.
    public struct RawRow {
        let statement: OpaquePointer

        /// The column's text as UTF-8 bytes (empty for NULL).
        public func text(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
            guard let text = sqlite3_column_text(statement, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
            return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column)))
        }

        /// The column's integer, or nil for NULL.
        public func integer(_ column: Int32) -> Int64? {
            sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, column)
        }
    }
}
