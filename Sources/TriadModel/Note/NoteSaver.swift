/// Keeps the store in step with the note, and decides when: a change is stored once the typing
/// pauses, a failed save is tried again a while later (the page has no Save button), and closing
/// the window stores the last edits at once. Each write goes through the store's write queue, as
/// the chart's (ChartSaver.swift), so a busy disk never holds the main loop.
///
/// How it goes is told to the page (`told`): "saving" once a write has waited long enough to be
/// noticed (another program holds the file), then saved, or failed and why. The delays come from
/// a ``Scheduler``: the main loop's timers in the app, a clock moved by hand in the tests.
@MainActor
final class NoteSaver {
    /// How long the typing pauses before the note is stored.
    static let pauseMilliseconds: UInt32 = 500
    /// How long after a failed save the next one starts.
    static let retryMilliseconds: UInt32 = 5_000
    /// How long a save waits for the store before the page says "Saving…": a save that answers
    /// sooner says nothing, so the line under the note does not flicker at every pause.
    static let noticeMilliseconds: UInt32 = 300

    private let writes: WriteQueue
    /// The text to store: the model's, as of its last change.
    private var latest: String
    private(set) var hasUnsavedChanges = false
    var told: (@MainActor (NoteSaveState) -> Void)?
    private let pause: Delay
    private let retry: Delay
    private let notice: Delay

    init(writes: WriteQueue, text: String, scheduler: any Scheduler) {
        self.writes = writes
        latest = text
        pause = Delay(milliseconds: Self.pauseMilliseconds, on: scheduler)
        retry = Delay(milliseconds: Self.retryMilliseconds, on: scheduler)
        notice = Delay(milliseconds: Self.noticeMilliseconds, on: scheduler)
    }

    /// The note changed to `text`: stored once the typing pauses (each change starts the pause
    /// afresh).
    func changed(to text: String) {
        latest = text
        hasUnsavedChanges = true
        pause.schedule { [weak self] in self?.save() }
    }

    /// Stores the note now, and tells how it goes; after a failure, the next try is scheduled.
    /// `done` gets nil once the note is stored, or the error, after which the text stays unsaved.
    func save(_ done: @escaping @MainActor (StoreError?) -> Void = { _ in }) {
        retry.cancel()
        // A write the store holds back is not being saved: nothing waits on the disk, and the
        // line under the note must not claim a save under way. It is told how the write ends.
        notice.schedule { [weak self] in
            guard let self, !writes.isHolding else { return }
            told?(.saving)
        }
        write { [weak self] error in
            guard let self else { return done(error) }
            notice.cancel()
            if let error {
                told?(.failed(error))
                retry.schedule { [weak self] in self?.save() }
            } else {
                told?(.saved)
            }
            done(error)
        }
    }

    /// The window is closing: stores the last edits now instead of after the pause. Answers nil
    /// at once when everything is stored already.
    func saveBeforeClosing(_ done: @escaping @MainActor (StoreError?) -> Void) {
        guard hasUnsavedChanges else { return done(nil) }
        pause.cancel()
        save(done)
    }

    /// Writes the latest text if it is not stored yet; edits made while the write waited are
    /// still unsaved when it answers.
    private func write(_ done: @escaping @MainActor (StoreError?) -> Void) {
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

/// How the note's saving goes, as its page says it.
public enum NoteSaveState: Sendable, Equatable {
    /// A save has waited long enough to be noticed: another program holds the store.
    case saving
    /// The note is stored.
    case saved
    /// The save failed; the text stays as it is, and the next try is scheduled.
    case failed(StoreError)
}
