import CGLib
import Glibc

/// A gate that opens once and stays open: a thread can wait for it, for a while at most. The
/// user list's worker waits at one for the frame that shows a result's first rows to be drawn
/// before it collects the rest (StoreUserService).
///
/// POSIX threads, not GLib's GMutex and GCond: GLib locks with futexes directly, which
/// ThreadSanitizer cannot see, so it reported the gate's flag as a data race.
public final class Latch: @unchecked Sendable {
    // @unchecked: `isOpen` is only touched with `lock` held.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let opened = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var isOpen = false

    /// A closed latch.
    public init() {
        pthread_mutex_init(lock, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)  // a deadline the wall clock cannot move
        pthread_cond_init(opened, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(opened)
        pthread_mutex_destroy(lock)
        opened.deallocate()
        lock.deallocate()
    }

    /// Lets every waiter through, now and from now on.
    public func open() {
        pthread_mutex_lock(lock)
        isOpen = true
        pthread_cond_broadcast(opened)
        pthread_mutex_unlock(lock)
    }

    /// Waits until the gate is open, for `milliseconds` at most; true if it opened.
    @discardableResult
    public func wait(milliseconds: Int) -> Bool {
        let end = g_get_monotonic_time() + gint64(milliseconds) * 1000  // µs on CLOCK_MONOTONIC
        var deadline = timespec(tv_sec: Int(end / 1_000_000), tv_nsec: Int(end % 1_000_000) * 1000)
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while !isOpen {
            if pthread_cond_timedwait(opened, lock, &deadline) == ETIMEDOUT { return isOpen }
        }
        return true
    }
}
