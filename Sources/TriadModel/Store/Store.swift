import CGLib
import CSQLite
import Glibc

/// The app's SQLite store: one file in the data folder, WAL journal, full sync on commit,
/// versioned schema. Opening it never fails because of a damaged file: the file is moved aside
/// (never deleted) and a fresh store is started; `recoveredFile` then says where the old one went.
public final class Store {
    /// The main loop's connection to the store file.
    public let database: Database
    /// Writes from the main loop go through here (WriteQueue.swift): in order, never blocking it.
    public let writes: WriteQueue
    /// The data folder the store lives in.
    public let directory: String
    /// The store's file.
    public var path: String { database.path }
    /// Set when a damaged file was moved aside while opening: the new path of that file.
    public private(set) var recoveredFile: String?

    /// The schema version a store reaches once every migration has run.
    public static var schemaVersion: Int { migrations.count }

    /// Opens the store in `directory` (created with mode 0700; the file gets mode 0600).
    /// - Parameters:
    ///   - directory: the data folder.
    ///   - now: the clock (seconds since 1970) that names a damaged file moved aside.
    ///   - checked: what `Store.check(directory:)` found healthy a moment before: if the
    ///     file is still exactly that, its integrity check is not run twice.
    public init(directory: String, now: () -> Int64 = { Int64(time(nil)) }, checked: CheckedFile? = nil) throws {
        self.directory = directory
        try Self.makeDirectory(directory)
        let path = "\(directory)/\(DataLocation.fileName)"
        var recovered: String?
        var database: Database
        do {
            database = try Self.openChecked(path, trusting: checked)
        } catch let error as StoreError where error.kind == .notADatabase || error.kind == .corrupt {
            recovered = try Self.moveAside(path, timestamp: now())
            database = try Self.openChecked(path)
        }
        self.database = database
        writes = WriteQueue(database: database)
        self.recoveredFile = recovered
        try migrate()
    }

    /// A private, in-memory store: used when the data folder cannot be used at all, so the app
    /// still works (and says that nothing will be kept).
    public init(inMemory: Void) throws {
        directory = ""
        database = try Database(path: ":memory:")
        writes = WriteQueue(database: database)
        try migrate()
    }

    /// The store was created by this open (no schema before): the app adds its first-run data
    /// (DemoUsers) then. Migrations only shape the schema; they never invent rows.
    public private(set) var isNew = false

    private func migrate() throws {
        let current = database.userVersion
        isNew = current == 0
        guard current < Self.migrations.count else { return }
        try database.transaction {
            for version in current..<Self.migrations.count {
                try Self.migrations[version](database)
            }
            try database.setUserVersion(Self.migrations.count)
        }
    }

    /// Opens the file and proves it is a healthy SQLite database (unless it is still the file
    /// `trusted` describes, which `check` has just proved so).
    private static func openChecked(_ path: String, trusting trusted: CheckedFile? = nil) throws -> Database {
        let fileExisted = access(path, F_OK) == 0
        let oldMask = umask(0o077)  // a new database file (and its -wal/-shm) is private: 0600
        defer { umask(oldMask) }
        let database = try Database(path: path)
        if !fileExisted { chmod(path, 0o600) }
        try configure(database)
        if let trusted, CheckedFile(path: path) == trusted { return database }
        try integrityCheck(database, path: path)
        return database
    }

    /// The check at open. A full check reads every page: worth it at start for the small files
    /// people have; a large store (a million users) only gets its schema read, to keep startup
    /// instant.
    private static func integrityCheck(_ database: Database, path: String) throws {
        let check =
            fileSize(path) <= quickCheckLimit
            ? try database.scalar("PRAGMA quick_check")
            : try database.scalar("SELECT CASE WHEN count(*) >= 0 THEN 'ok' END FROM sqlite_master")
        guard check == .text("ok") else {
            throw StoreError(code: SQLITE_CORRUPT, detail: check?.text ?? "integrity check failed")
        }
    }

    /// Runs the check an open runs, on a read-only connection, and changes nothing: no folder is
    /// made, no schema written, no damaged file moved. So it may run in a launch that turns out to
    /// hand its command line to a running Triad and exit: the app starts it while GTK starts, and
    /// the open that follows in the instance that runs skips its own check if the file is still
    /// the one checked (the check reads every page, the one part of a start that grows with the
    /// store).
    /// Nil when there is nothing to trust: no file, an unreadable or damaged one, or one that
    /// changed during the check (the open then checks, and deals with what it finds, itself).
    public static func check(directory: String) -> CheckedFile? {
        let path = "\(directory)/\(DataLocation.fileName)"
        guard let before = CheckedFile(path: path), let database = try? Database(path: path, readOnly: true),
            (try? integrityCheck(database, path: path)) != nil
        else { return nil }
        return CheckedFile(path: path) == before ? before : nil
    }

    /// A store file as it was when checked: the file and its write-ahead log, each by device,
    /// inode, size and last change. An empty or missing log holds nothing, and counts as one.
    public struct CheckedFile: Equatable, Sendable {
        private struct State: Equatable, Sendable {
            let device: UInt, inode: UInt, size: Int, changed: Int, changedNanoseconds: Int
        }
        private let file: State
        private let log: State?

        /// Nil when there is no file at `path`.
        init?(path: String) {
            guard let file = Self.state(path) else { return nil }
            self.file = file
            log = Self.state(path + "-wal").flatMap { $0.size > 0 ? $0 : nil }
        }

        private static func state(_ path: String) -> State? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return State(
                device: UInt(info.st_dev), inode: UInt(info.st_ino), size: Int(info.st_size),
                changed: Int(info.st_ctim.tv_sec), changedNanoseconds: Int(info.st_ctim.tv_nsec))
        }
    }

    /// Every connection's settings (SQLite keeps them per connection).
    static func configure(_ database: Database) throws {
        try database.execute("PRAGMA journal_mode = WAL")  // fails with NOTADB on a foreign file
        try database.execute("PRAGMA synchronous = FULL")  // a commit is on disk when it returns
        try database.execute("PRAGMA foreign_keys = ON")
    }

    /// Files up to this size are fully checked when opened.
    static let quickCheckLimit: Int = 32 << 20

    private static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Renames a damaged file (and its WAL/SHM companions) to `<name>.damaged-YYYYMMDD-HHMMSS`.
    static func moveAside(_ path: String, timestamp: Int64) throws -> String {
        var seconds = time_t(timestamp)
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y%m%d-%H%M%S", &parts)
        let stamp = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var target = "\(path).damaged-\(stamp)"
        var attempt = 1
        while access(target, F_OK) == 0 {
            attempt += 1
            target = "\(path).damaged-\(stamp)-\(attempt)"
        }
        guard rename(path, target) == 0 else {
            throw StoreError(code: SQLITE_CANTOPEN, detail: "cannot move damaged file aside: \(String(cString: strerror(errno)))")
        }
        for suffix in ["-wal", "-shm"] where access(path + suffix, F_OK) == 0 {
            _ = rename(path + suffix, target + suffix)
        }
        return target
    }

    private static func makeDirectory(_ directory: String) throws {
        guard g_mkdir_with_parents(directory, 0o700) == 0 else {
            throw StoreError(code: SQLITE_CANTOPEN, detail: "cannot create \(directory): \(String(cString: strerror(errno)))")
        }
    }

    /// The app's set-up: store writes run on a writer thread with a second connection to the
    /// file (WriteQueue; both are made on the writer's first write), and their answers come back through
    /// `deliver`. The in-memory store has no file to share; its writes stay where they are asked,
    /// and only its slow work (`WriteQueue.offMainLoop`) answers through `deliver`.
    @MainActor public func startWriter(
        patienceMilliseconds: Int32 = WriteQueue.patienceMilliseconds,
        deliver: @escaping WriteQueue.Deliver
    ) {
        guard !directory.isEmpty else { return writes.answer(through: deliver) }
        let path = self.path
        writes.startWriter(
            connect: {
                let connection = try Database(path: path)
                // SQLite quietly opens read-only when it cannot open for writing (a failing disk, a
                // changed permission): that connection could never store anything.
                guard !connection.isReadOnly else {
                    throw StoreError(code: SQLITE_CANTOPEN, detail: "the data file could not be opened for writing")
                }
                try Store.configure(connection)
                return connection
            }, patienceMilliseconds: patienceMilliseconds, deliver: deliver)
    }

    // MARK: Settings (small key–value pairs: window state, the adder's last numbers, drafts)

    /// The setting stored under `key`, or nil if there is none (or the store cannot be read).
    public func setting(_ key: String) -> String? {
        (try? database.scalar("SELECT value FROM settings WHERE key = ?", [.text(key)]))??.text
    }

    /// Stores `value` under `key`, or removes the setting when `value` is nil.
    public func setSetting(_ key: String, _ value: String?) throws {
        try Self.setSetting(key, value, in: database)
    }

    /// The same on a given connection (the writer thread's, inside a WriteQueue write).
    public static func setSetting(_ key: String, _ value: String?, in database: Database) throws {
        if let value {
            try database.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                [.text(key), .text(value)])
        } else {
            try database.execute("DELETE FROM settings WHERE key = ?", [.text(key)])
        }
    }
}
