/// Keeps the store in step with the chart: after each change the whole poll (a dozen rows at most)
/// is written through the store's write queue, as NoteSaver stores the note's text, so a slow or busy
/// disk never holds the main loop.
///
/// At most one of these writes is out at a time. Changes made while it is out (a key held down,
/// a wheel turned) are written together by one more write when it answers, with the poll as it
/// is then: each write syncs the disk, and a dozen of them for a dozen notches would only queue
/// up behind each other to store polls already out of date.
///
/// Every save's answer is told (`answered`), for the page to show a failure until a save
/// succeeds; after a failure the saver tries again a while later by itself (the page has no Save
/// button), on the ``Scheduler`` it was given, as NoteSaver does.
@MainActor
final class ChartSaver {
    /// How long after a failed save the next one starts.
    static let retryMilliseconds: UInt32 = 5_000

    private let writes: WriteQueue
    /// The poll to store: the model's, as of its last change.
    private var latest: Poll
    private(set) var hasUnsavedChanges = false
    private(set) var lastError: StoreError?
    var answered: (@MainActor (StoreError?) -> Void)?
    /// Whether a write started by a change is out, and whether another change came meanwhile.
    private var writing = false
    private var writeAgain = false
    private let retry: Delay

    init(writes: WriteQueue, poll: Poll, scheduler: any Scheduler) {
        self.writes = writes
        latest = poll
        retry = Delay(milliseconds: Self.retryMilliseconds, on: scheduler)
    }

    /// The model changed to `poll`: store it, now or when the write that is out answers.
    func changed(to poll: Poll) {
        latest = poll
        hasUnsavedChanges = true
        if writing {
            writeAgain = true
        } else {
            writeChanges()
        }
    }

    private func writeChanges() {
        writing = true
        save { [weak self] _ in
            guard let self else { return }
            writing = false
            if writeAgain {
                writeAgain = false
                writeChanges()
            }
        }
    }

    /// Stores the latest poll if it is not stored yet, and tells the answer; after a failure the
    /// next try is scheduled. `done` gets nil once the poll is stored, or the error, after which
    /// the poll stays unsaved and the next save tries again.
    func save(_ done: @escaping @MainActor (StoreError?) -> Void = { _ in }) {
        write { [weak self] error in
            if let self {
                answered?(error)
                if error != nil { retry.schedule { [weak self] in self?.save() } }
            }
            done(error)
        }
    }

    /// The window is closing: stores the last change now, in place of a try still to come. Answers
    /// nil at once when everything is stored already.
    func saveBeforeClosing(_ done: @escaping @MainActor (StoreError?) -> Void) {
        guard hasUnsavedChanges else { return done(nil) }
        retry.cancel()
        save(done)
    }

    private func write(_ done: @escaping @MainActor (StoreError?) -> Void) {
        guard hasUnsavedChanges else { return done(nil) }
        let poll = latest
        writes.write(
            { database in try ChartStorage.store(poll, in: database) },
            then: { [weak self] error in
                if let self {
                    lastError = error
                    // Changes made while the write was out are still unsaved.
                    if error == nil, latest == poll { hasUnsavedChanges = false }
                }
                done(error)
            })
    }

    /// Stores the latest poll after every write already asked for, and waits for it.
    func saveBeforeExit() throws {
        guard hasUnsavedChanges else { return }
        let poll = latest
        try writes.writeNow { database in try ChartStorage.store(poll, in: database) }
        hasUnsavedChanges = false
        lastError = nil
    }
}
