// The store's schema, as the migrations build it: each brings it one version further
// (`PRAGMA user_version`), and `Store.migrate` runs those a file has not had yet, all in one
// transaction.

extension Store {
    /// Schema migrations, in order; migration `i` brings the schema to version `i + 1`.
    static let migrations: [@Sendable (Database) throws -> Void] = [
        { db in
            try db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            try db.execute(
                """
                CREATE TABLE address (id INTEGER PRIMARY KEY CHECK (id = 1), street TEXT NOT NULL, \
                city TEXT NOT NULL, state TEXT NOT NULL, postal_code TEXT NOT NULL, saved_at INTEGER NOT NULL)
                """)
        },
        { db in
            try db.execute("CREATE TABLE note (id INTEGER PRIMARY KEY CHECK (id = 1), text TEXT NOT NULL, saved_at INTEGER NOT NULL)")
        },
        { db in
            try db.execute(
                """
                CREATE TABLE accounts (name_key TEXT PRIMARY KEY, display_name TEXT NOT NULL, \
                password_hash TEXT NOT NULL, created_at INTEGER NOT NULL)
                """)
            try db.execute(
                """
                CREATE TABLE login_failures (name_key TEXT PRIMARY KEY, failures INTEGER NOT NULL, \
                locked_until INTEGER NOT NULL)
                """)
        },
        { db in
            // NOCASE columns let prefix searches (LIKE 'ab%') use the indexes.
            try db.execute(
                """
                CREATE TABLE users (id INTEGER PRIMARY KEY, first_name TEXT NOT NULL COLLATE NOCASE, \
                last_name TEXT NOT NULL COLLATE NOCASE, email TEXT NOT NULL COLLATE NOCASE UNIQUE, \
                age INTEGER NOT NULL CHECK (age BETWEEN 0 AND 150))
                """)
            try db.execute("CREATE INDEX users_first_name ON users (first_name)")
            try db.execute("CREATE INDEX users_last_name ON users (last_name)")
        },
        { db in
            // An age may be unknown (NULL: a contacts export has none); a known one is still
            // checked. SQLite cannot drop NOT NULL from a column in place, so the table is made
            // again as its documentation says: a new table, the rows copied with their ids, the
            // old one dropped, the new one renamed and its indexes made again, all inside the
            // migration's one transaction (Store.migrate), so a failure leaves the old table.
            try db.execute(
                """
                CREATE TABLE users_new (id INTEGER PRIMARY KEY, first_name TEXT NOT NULL COLLATE NOCASE, \
                last_name TEXT NOT NULL COLLATE NOCASE, email TEXT NOT NULL COLLATE NOCASE UNIQUE, \
                age INTEGER CHECK (age BETWEEN 0 AND 150))
                """)
            try db.execute(
                "INSERT INTO users_new (id, first_name, last_name, email, age) SELECT id, first_name, last_name, email, age FROM users")
            try db.execute("DROP TABLE users")
            try db.execute("ALTER TABLE users_new RENAME TO users")
            try db.execute("CREATE INDEX users_first_name ON users (first_name)")
            try db.execute("CREATE INDEX users_last_name ON users (last_name)")
        },
        { db in
            // The chart's options in their order (the title is a setting: ChartStorage.swift).
            // The votes' range is the model's own (Poll.maximumVotes), checked here too so that no
            // other writer stores a count out of it; what else a row must be, the model checks
            // as it loads.
            try db.execute(
                """
                CREATE TABLE chart_options (position INTEGER PRIMARY KEY CHECK (position >= 0), name TEXT NOT NULL, \
                votes INTEGER NOT NULL CHECK (votes BETWEEN 0 AND 2147483647))
                """)
        },
    ]
}
