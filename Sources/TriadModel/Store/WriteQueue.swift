import Glibc

/// The store's writes from the main loop: in the order they were asked for, each in one
/// transaction, and never on the main loop's thread once the app has started a writer.
///
/// With a writer (`startWriter`, the app), every write runs on one long-lived thread with its own
/// connection to the file. A write that finds the file held by another program (the generator, a
/// second copy of Triad) waits there, inside SQLite, for up to `patienceMilliseconds`; syncing to
/// a disk that is busy with someone else's data waits there too. The answer comes back through
/// `deliver` (the app: a hop to the GLib main loop). The window keeps drawing meanwhile and can
/// say "Saving…" (`isWaiting`).
///
/// Without a writer (command-line tools, the model tests, the in-memory store) a write runs at
/// once on the caller's connection and answers before `write` returns.
///
/// Slow work that comes before a write (a password's hash) leaves the main loop the same way
/// (`offMainLoop`): on a worker thread, its answer back through `deliver`, which the app hands in
/// even for the in-memory store (`answer(through:)`); without one it runs at once, as writes do.
@MainActor
public final class WriteQueue {
    /// Runs an answer on the main thread (the app hops to the GLib main loop).
    public typealias Deliver = @Sendable (_ work: @escaping @Sendable @MainActor () -> Void) -> Void

    nonisolated(unsafe) private let database: Database  // immutable; used on the main actor only
    private var writer: WriterThread?
    private var deliver: Deliver?
    private var outstanding = 0
    /// Writes asked for while the queue holds them, in order: each can still be run, or answered
    /// without running (WriteQueue+Holding.swift).
    var held: [(run: () -> Void, skip: () -> Void)]?

    nonisolated init(database: Database) {
        self.database = database
    }

    /// How long a write waits for another program's lock before it fails with `.busy`.
    nonisolated public static let patienceMilliseconds: Int32 = 15_000

    /// Runs writes on a writer thread from now on, with its own connection made by `connect` (a
    /// second one to the store's file) on the thread, at its first write. After a failed write
    /// the connection is made anew for the next one, so a disk that misbehaved once (a failed
    /// open that SQLite turned into a read-only connection, say) costs that one write only.
    public func startWriter(
        connect: @escaping @Sendable () throws -> Database,
        patienceMilliseconds: Int32 = WriteQueue.patienceMilliseconds,
        deliver: @escaping Deliver
    ) {
        writer = WriterThread(connect: {
            let connection = try connect()
            connection.setBusyTimeout(milliseconds: patienceMilliseconds)
            return connection
        })
        self.deliver = deliver
    }

    /// Answers slow work (`offMainLoop`) through `deliver` from now on, without starting a
    /// writer: the in-memory store's writes still run where they are asked.
    public func answer(through deliver: @escaping Deliver) {
        self.deliver = deliver
    }

    /// Runs `work` (hashing a password before it is stored, checking one before a login is
    /// recorded) on a worker thread and hands its result to `done` as writes are answered:
    /// through `deliver`, on the main loop, so the window keeps drawing meanwhile. Without
    /// `deliver` (the model tests, the command-line tools) it runs here and answers before
    /// returning.
    public func offMainLoop<T: Sendable>(_ work: @escaping @Sendable () -> T, then done: @escaping @MainActor (T) -> Void) {
        guard let deliver else { return done(work()) }
        let answer = MainActorBox(done)
        WorkerThread.start {
            let result = work()
            deliver { answer.value(result) }
        }
    }

    /// Whether a write has been asked for and not answered yet.
    public var isWaiting: Bool { outstanding > 0 }

    /// Runs `body` in one transaction on the writer's connection (given to it); `done` gets its
    /// value, or the error that stopped it (after which nothing of `body` is stored).
    public func write<T: Sendable>(
        _ body: @escaping @Sendable (Database) throws -> T,
        then done: @escaping @MainActor (Result<T, StoreError>) -> Void
    ) {
        if held != nil {
            held?.append(
                (
                    run: { [self] in write(body, then: done) },
                    skip: { done(.failure(StoreError(code: Self.notWritten, detail: "held back, then discarded"))) }
                ))
            return
        }
        guard let writer, let deliver else {
            return done(Self.run(body, on: database))
        }
        outstanding += 1
        let answer = MainActorBox(done)
        writer.enqueue { connection in
            let result = connection.flatMap { Self.run(body, on: $0) }
            // `self` strongly: the queue lives as long as its store, and a weak reference formed
            // here, on the writer thread, would outlive an answer still pending at exit.
            deliver {
                self.outstanding -= 1
                answer.value(result)
            }
            if case .success = result { return true }
            return false
        }
    }

    /// The same for writes whose only answer is whether they were stored: nil, or the error.
    public func write(
        _ body: @escaping @Sendable (Database) throws -> Void,
        then done: @escaping @MainActor (StoreError?) -> Void
    ) {
        if held != nil {
            held?.append((run: { [self] in write(body, then: done) }, skip: { done(nil) }))
            return
        }
        write(body) { (result: Result<Void, StoreError>) in
            if case .failure(let error) = result { done(error) } else { done(nil) }
        }
    }

    /// Blocks until every write asked for so far has run (at exit, when no main loop will
    /// deliver answers any more).
    public func finishPendingWrites() {
        writer?.waitUntilIdle()
    }

    /// Runs `body` after every write asked for so far and waits for it: for the exit, when no
    /// main loop will deliver answers any more. Throws what stopped it. While writes are held,
    /// nothing is written: the file stays as it was when the hold began, at exit too.
    public func writeNow(_ body: @escaping @Sendable (Database) throws -> Void) throws {
        if held != nil { return }
        guard let writer else { return try Self.run(body, on: database).get() }
        let outcome = Outcome()
        writer.enqueue { connection in
            outcome.result = connection.flatMap { Self.run(body, on: $0) }
            if case .success = outcome.result { return true }
            return false
        }
        writer.waitUntilIdle()  // the writer's lock orders the job's write before this read
        try outcome.result.get()
    }

    /// SQLite's "aborted" code: what a discarded write that answers a value hears.
    nonisolated static let notWritten: Int32 = 4

    /// The answer of a `writeNow` job, written on the writer and read after `waitUntilIdle`.
    private final class Outcome: @unchecked Sendable {
        var result: Result<Void, StoreError> = .success(())
    }

    nonisolated private static func run<T>(_ body: (Database) throws -> T, on connection: Database) -> Result<T, StoreError> {
        do {
            return .success(try connection.transaction { try body(connection) })
        } catch {
            return .failure(StoreError.wrapping(error))
        }
    }
}

/// Carries a main-actor closure through the writer thread; it is only called back on the main
/// actor (after the hop), never on the writer.
private final class MainActorBox<Argument: Sendable>: @unchecked Sendable {
    let value: @MainActor (Argument) -> Void
    init(_ value: @escaping @MainActor (Argument) -> Void) { self.value = value }
}

/// One thread that runs jobs in order, each with the thread's own connection; a job that
/// reports failure makes the thread open a new connection for the next one.
private final class WriterThread: @unchecked Sendable {
    typealias Job = @Sendable (Result<Database, StoreError>) -> Bool
    // @unchecked: `jobs` and `busy` are only read or written with `lock` held; `connection` is
    // only touched by the thread itself.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [Job] = []
    private var busy = false
    private let connect: @Sendable () throws -> Database
    private var connection: Database?

    init(connect: @escaping @Sendable () throws -> Database) {
        self.connect = connect
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        WorkerThread.start { [self] in self.loop() }
    }

    func enqueue(_ job: @escaping Job) {
        pthread_mutex_lock(lock)
        jobs.append(job)
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    func waitUntilIdle() {
        pthread_mutex_lock(lock)
        while busy || !jobs.isEmpty { pthread_cond_wait(changed, lock) }
        pthread_mutex_unlock(lock)
    }

    private func loop() {
        while true {
            pthread_mutex_lock(lock)
            while jobs.isEmpty { pthread_cond_wait(changed, lock) }
            let job = jobs.removeFirst()
            busy = true
            pthread_mutex_unlock(lock)
            if !job(opened()) { connection = nil }  // a failed write: a new connection next time
            pthread_mutex_lock(lock)
            busy = false
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(lock)
        }
    }

    /// The thread's connection, made now if there is none.
    private func opened() -> Result<Database, StoreError> {
        if let connection { return .success(connection) }
        do {
            let made = try connect()
            connection = made
            return .success(made)
        } catch {
            return .failure(StoreError.wrapping(error))
        }
    }
}
