/// Keeps the store in step with the note. Each write goes through the store's write queue, as
/// the chart's (ChartSaver.swift), so a busy disk never holds the main loop.
@MainActor
final class NoteSaver {
    private let writes: WriteQueue
    /// The text to store: the model's, as of its last change.
    private var latest: String
    private(set) var hasUnsavedChanges = false

    init(writes: WriteQueue, text: String) {
        self.writes = writes
        latest = text
    }

    /// The note changed to `text`.
    func changed(to text: String) {
        latest = text
        hasUnsavedChanges = true
    }

    /// Writes the latest text if it is not stored yet; `done` gets nil once it is stored, or the
    /// error, after which the text stays unsaved. Edits made while the write waited are still
    /// unsaved when it answers.
    func save(_ done: @escaping @MainActor (StoreError?) -> Void = { _ in }) {
        guard hasUnsavedChanges else { return done(nil) }
        let text = latest
        writes.write(
            { database in try NoteSaver.store(text, in: database) },
            then: { [weak self] error in
                if error == nil, let self, latest == text { hasUnsavedChanges = false }
                done(error)
            })
    }

    /// Stores the latest text after every write already asked for, and waits for it.
    func saveBeforeExit() throws {
        guard hasUnsavedChanges else { return }
        let text = latest
        try writes.writeNow { database in try NoteSaver.store(text, in: database) }
        hasUnsavedChanges = false
    }

    nonisolated private static func store(_ text: String, in database: Database) throws {
        try database.execute(
            """
            INSERT INTO note (id, text, saved_at) VALUES (1, ?, ?) \
            ON CONFLICT(id) DO UPDATE SET text = excluded.text, saved_at = excluded.saved_at
            """, [.text(text), .integer(WallClock.seconds())])
    }
}
