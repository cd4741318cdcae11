// Seed 004: one shared model with a `text` property; the flipside view edits it and the main
// view observes it. Here the model is one instance made by the application and handed to both
// controllers (the seed's alternative to its `sharedModel` singleton).

/// Seed 004's `Model`: the note's text, observable, stored in the store.
@MainActor
public final class NoteModel {
    private let store: Store
    private let hub: NotificationHub
    private let observers = ObserverList<String>(name: "note.text")
    /// True when `text` has changed since it was last stored.
    public private(set) var hasUnsavedChanges = false

    /// The note. Every change notifies observers (once, with the new value) and posts
    /// `.noteChanged`.
    public var text: String {
        didSet {
            guard text != oldValue else { return }
            hasUnsavedChanges = true
            observers.notify(text)
            hub.post(.noteChanged)
        }
    }

    /// The note as last stored in `store`; its changes are posted on `hub`.
    public init(store: Store, hub: NotificationHub) {
        self.store = store
        self.hub = hub
        text = (try? store.database.scalar("SELECT text FROM note WHERE id = 1"))??.text ?? ""
    }

    /// Key-value observing, the model's own way: `handler` gets each new value.
    public func observeText(_ handler: @escaping (String) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    /// Stores the text if it changed, through the store's write queue (never waiting on the main
    /// loop for another program); `done` gets nil once it is stored, or the error, after which
    /// the text stays unsaved and the next save tries again.
    public func save(_ done: @escaping @MainActor (StoreError?) -> Void = { _ in }) {
        guard hasUnsavedChanges else { return done(nil) }
        let text = self.text
        store.writes.write(
            { database in try NoteModel.store(text, in: database) },
            then: { [weak self] error in
                // Edits made while the write waited are still unsaved.
                if error == nil, let self, self.text == text { self.hasUnsavedChanges = false }
                done(error)
            })
    }

    /// The last chance at quit, when no main loop runs any more: stores the text after the
    /// writes already queued, and waits for it.
    public func saveBeforeExit() throws {
        guard hasUnsavedChanges else { return }
        let text = self.text
        try store.writes.writeNow { database in try NoteModel.store(text, in: database) }
        hasUnsavedChanges = false
    }

    nonisolated private static func store(_ text: String, in database: Database) throws {
        try database.execute(
            """
            INSERT INTO note (id, text, saved_at) VALUES (1, ?, ?) \
            ON CONFLICT(id) DO UPDATE SET text = excluded.text, saved_at = excluded.saved_at
            """, [.text(text), .integer(WallClock.seconds())])
    }

    /// The first characters of the text, for a label that must stay cheap to lay out.
    nonisolated public static func preview(_ text: String, limit: Int = 2_000) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }
}
