import CGtk
import Glibc

// Getting back to GTK's main loop.
//
// While `g_application_run` owns the main thread, neither `Task { @MainActor in }` nor
// `DispatchQueue.main.async` ever runs on Linux: their queue is not drained by GLib's loop.
// Work from other threads therefore goes through `g_idle_add_full`, with a destroy notify that
// releases the boxed closure whether or not the source ran.

private typealias Work = @MainActor () -> Void

private let runOnceTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
    let box = ClosureBox<Work>.from(data)
    MainActor.assumeIsolated { box.function() }
    return 0  // G_SOURCE_REMOVE: one-shot
}
private let repeatingTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
    let box = ClosureBox<Work>.from(data)
    MainActor.assumeIsolated { box.function() }
    return 1  // G_SOURCE_CONTINUE
}
private let releaseWork: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    ClosureBoxBase.release(data)
}

/// A scheduled idle or timeout callback that can be cancelled before it runs.
public struct MainLoopSource: Sendable {
    public let id: UInt32
    /// Cancels the callback if it has not run yet.
    @MainActor public func cancel() {
        if id != 0, g_main_context_find_source_by_id(nil, id) != nil { g_source_remove(id) }
    }
}

/// Results sent to the main loop by other threads, counted, so that it can wait for one.
private final class AnswerCount: @unchecked Sendable {
    // @unchecked: `sent` is only touched with `lock` held.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var sent = 0

    init() {
        pthread_mutex_init(lock, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)  // a deadline the wall clock cannot move
        pthread_cond_init(changed, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    var count: Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return sent
    }

    func arrived() {
        pthread_mutex_lock(lock)
        sent += 1
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    func wait(after mark: Int, milliseconds: Int) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + milliseconds * 1_000_000
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while sent <= mark {
            if pthread_cond_timedwait(changed, lock, &deadline) == ETIMEDOUT { return sent > mark }
        }
        return true
    }
}
private let answers = AnswerCount()

public enum MainLoop {
    /// Runs `work` on the main loop's thread at the next idle moment (after any redraw). Callable
    /// from any thread. `beforeDrawing` gives it the main loop's default priority instead, ahead
    /// of GTK's layout and drawing, for a result the next frame should already show (a list's
    /// rows); use it for results that come once, never for a stream of updates.
    @discardableResult
    public static func hop(beforeDrawing: Bool = false, _ work: @escaping @Sendable @MainActor () -> Void) -> MainLoopSource {
        let data = ClosureBox<Work>(work).retainedPointer()
        let priority = beforeDrawing ? G_PRIORITY_DEFAULT : G_PRIORITY_DEFAULT_IDLE
        let source = MainLoopSource(id: g_idle_add_full(priority, runOnceTrampoline, data, releaseWork))
        if beforeDrawing, g_main_context_is_owner(nil) == 0 { answers.arrived() }
        return source
    }

    /// Runs `work` once on the main loop when nothing else waits: after input, redraws, results
    /// hopped over from other threads and other idle callbacks (G_PRIORITY_LOW). For work a
    /// person does not wait for.
    @MainActor @discardableResult
    public static func whenIdle(_ work: @escaping @MainActor () -> Void) -> MainLoopSource {
        let data = ClosureBox<Work>(work).retainedPointer()
        return MainLoopSource(id: g_idle_add_full(G_PRIORITY_LOW, runOnceTrampoline, data, releaseWork))
    }

    /// Runs `start`, which hands work to another thread; if it did (returns true), blocks the
    /// main loop until that thread sends its result for the next frame (`hop(beforeDrawing:)`),
    /// for `milliseconds` at most. GDK draws a frame as soon as the loop is idle, then no other
    /// before the next refresh (16.7 ms at 60 Hz): a result that comes 1.5 ms after the key that
    /// asked for it misses the key's own frame and waits for the next. A short wait puts both in
    /// one frame. Only for a worker known to answer within a frame; the loop does nothing else
    /// meanwhile. Returns whether a result came.
    @MainActor @discardableResult
    public static func waitForAnswer(within milliseconds: Int, to start: () -> Bool) -> Bool {
        let mark = answersSent
        return start() && waitForAnswer(after: mark, milliseconds: milliseconds)
    }

    /// How many results other threads have sent for the next frame so far (`hop(beforeDrawing:)`
    /// from a thread that is not the main loop's): a mark for `waitForAnswer(after:)`.
    @MainActor static var answersSent: Int { answers.count }

    /// Blocks until another thread has sent a result for the next frame since `mark`, for
    /// `milliseconds` at most; true if one came.
    @MainActor @discardableResult
    static func waitForAnswer(after mark: Int, milliseconds: Int) -> Bool {
        answers.wait(after: mark, milliseconds: milliseconds)
    }

    /// Runs `work` once on the main loop after `milliseconds`. Callable from any thread.
    @discardableResult
    public static func after(milliseconds: UInt32,
                             _ work: @escaping @Sendable @MainActor () -> Void) -> MainLoopSource {
        let data = ClosureBox<Work>(work).retainedPointer()
        return MainLoopSource(id: g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, runOnceTrampoline, data, releaseWork))
    }

    /// Runs `work` on the main loop every `milliseconds`, for as long as the process lives.
    @MainActor @discardableResult
    public static func every(milliseconds: UInt32, _ work: @escaping @MainActor () -> Void) -> MainLoopSource {
        let data = ClosureBox<Work>(work).retainedPointer()
        return MainLoopSource(id: g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, repeatingTrampoline, data, releaseWork))
    }

    /// Runs `handler` on the main loop whenever the process receives `signal` (e.g. SIGTERM at
    /// logout), instead of dying on the spot. Returns the source so it can be cancelled.
    @MainActor @discardableResult
    public static func onUnixSignal(_ signal: Int32, _ handler: @escaping @MainActor () -> Void) -> MainLoopSource {
        let data = ClosureBox<Work>(handler).retainedPointer()
        return MainLoopSource(id: g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, repeatingTrampoline, data, releaseWork))
    }

    /// Processes pending events without blocking; for tests that drive the loop themselves.
    @MainActor public static func drain(until condition: () -> Bool = { false }, timeoutSeconds: Double = 5) {
        let deadline = g_get_monotonic_time() + gint64(timeoutSeconds * 1_000_000)
        while !condition() && g_get_monotonic_time() < deadline {
            if g_main_context_iteration(nil, 0) == 0 {
                if condition() { break }
                g_usleep(1000)
            }
        }
    }
}

/// Coalesces bursts of calls (keystrokes) into one call `milliseconds` after the last of them.
@MainActor
public final class Debouncer {
    private let milliseconds: UInt32
    private var pending: MainLoopSource?
    private var work: (@MainActor () -> Void)?

    public init(milliseconds: UInt32) { self.milliseconds = milliseconds }

    /// (Re)starts the delay; only the most recent `work` runs.
    public func schedule(_ work: @escaping @MainActor () -> Void) {
        pending?.cancel()
        self.work = work
        pending = MainLoop.after(milliseconds: milliseconds) { [weak self] in
            self?.pending = nil  // the source is finishing by itself
            self?.runPending()
        }
    }

    /// Runs the waiting call now, if there is one (e.g. when a window closes).
    public func flush() {
        pending?.cancel()
        pending = nil
        runPending()
    }

    /// Drops the waiting call.
    public func cancel() {
        pending?.cancel()
        pending = nil
        work = nil
    }

    private func runPending() {
        let work = self.work
        self.work = nil
        work?()
    }
}

/// Makes the calls of one main-loop turn one call: the latest runs on the loop's next turn,
/// before the next frame is drawn. A replaced text emits `changed` for its deletion and its
/// insertion while one event is handled: one search, for the new text, not two.
@MainActor
public final class OncePerTurn {
    private var pending: MainLoopSource?
    private var waiting: (@MainActor () -> Void)?

    public init() {}

    public func schedule(_ work: @escaping @MainActor () -> Void) {
        waiting = work
        guard pending == nil else { return }
        pending = MainLoop.hop(beforeDrawing: true) { [weak self] in
            guard let self else { return }
            self.pending = nil  // the source is finishing by itself
            let work = self.waiting
            self.waiting = nil
            work?()
        }
    }

    /// Drops a waiting call.
    public func cancel() {
        pending?.cancel()
        pending = nil
        waiting = nil
    }
}
