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
    /// GLib's id of the source (0 for none).
    public let id: UInt32
    /// Cancels the callback if it has not run yet.
    @MainActor public func cancel() {
        if id != 0, g_main_context_find_source_by_id(nil, id) != nil { g_source_remove(id) }
    }
}

/// GTK's main loop, where every widget is used: work handed to it from anywhere, at once, after a delay, or on a Unix signal.
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

    /// Runs `work` once on the main loop when nothing else waits: after input, redraws, results
    /// hopped over from other threads and other idle callbacks (G_PRIORITY_LOW). For work a
    /// person does not wait for.
    @MainActor @discardableResult
    public static func whenIdle(_ work: @escaping @MainActor () -> Void) -> MainLoopSource {
        let data = ClosureBox<Work>(work).retainedPointer()
        return MainLoopSource(id: g_idle_add_full(G_PRIORITY_LOW, runOnceTrampoline, data, releaseWork))
    }

    /// Runs `work` once on the main loop after `milliseconds`. Callable from any thread.
    @discardableResult
    public static func after(
        milliseconds: UInt32,
        _ work: @escaping @Sendable @MainActor () -> Void
    ) -> MainLoopSource {
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

    /// The monotonic clock, in seconds (GLib's: it never jumps when the wall clock is set).
    public static var now: Double { Double(g_get_monotonic_time()) / 1_000_000 }

    /// The same clock in microseconds, as other programs read it (`g_get_monotonic_time`,
    /// `CLOCK_MONOTONIC`): for figures a benchmark compares with its own clock.
    public static var microseconds: Int { g_get_monotonic_time() }

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

    /// A debouncer that runs its work once `milliseconds` have passed without a new `schedule`.
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

/// `seconds` since 1970 as the local time zone reads it, written as `format` says (GLib's
/// `g_date_time_format`: `%H:%M`, `%-l:%M %p`, …); "" when the time cannot be represented.
public func formatLocalTime(_ seconds: Int64, _ format: String) -> String {
    guard let time = g_date_time_new_from_unix_local(gint64(seconds)) else { return "" }
    defer { g_date_time_unref(time) }
    guard let text = g_date_time_format(time, format) else { return "" }
    defer { g_free(text) }
    return String(cString: text)
}
