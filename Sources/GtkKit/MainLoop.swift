import CGtk

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

public enum MainLoop {
    /// Runs `work` on the main loop's thread at the next idle moment (after any redraw). Callable
    /// from any thread. `beforeDrawing` gives it the main loop's default priority instead, ahead
    /// of GTK's layout and drawing, for a result the next frame should already show (a list's
    /// rows); use it for results that come once, never for a stream of updates.
    @discardableResult
    public static func hop(beforeDrawing: Bool = false, _ work: @escaping @Sendable @MainActor () -> Void) -> MainLoopSource {
        let data = ClosureBox<Work>(work).retainedPointer()
        let priority = beforeDrawing ? G_PRIORITY_DEFAULT : G_PRIORITY_DEFAULT_IDLE
        return MainLoopSource(id: g_idle_add_full(priority, runOnceTrampoline, data, releaseWork))
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

/// Runs the first of a burst of calls on the main loop's next turn (calls made while handling
/// one event, such as the delete and insert of a replaced text, become one), and the latest of
/// the rest when `milliseconds` have passed since the last run: a search runs on the keystroke
/// itself, while fast typing, key repeat or a paste makes one search per interval, not one per
/// character.
@MainActor
public final class Throttle {
    private let milliseconds: UInt32
    private var pending: MainLoopSource?
    private var waiting: (@MainActor () -> Void)?

    /// For typing in a search field: GNOME's default key repeat is 30 a second (33 ms), so
    /// a held key or a fast typist's burst gives one search per 40 ms.
    public static let searchTypingMilliseconds: UInt32 = 40

    public init(milliseconds: UInt32) { self.milliseconds = milliseconds }

    public func schedule(_ work: @escaping @MainActor () -> Void) {
        waiting = work
        guard pending == nil else { return }
        pending = MainLoop.hop(beforeDrawing: true) { [weak self] in self?.runWaiting() }
    }

    /// Drops a waiting call.
    public func cancel() {
        pending?.cancel()
        pending = nil
        waiting = nil
    }

    /// Runs the latest call, then lets the interval pass; a call made meanwhile runs at its end.
    private func runWaiting() {
        guard let work = waiting else { pending = nil; return }
        waiting = nil
        pending = MainLoop.after(milliseconds: milliseconds) { [weak self] in self?.runWaiting() }
        work()
    }
}
