import CGLib

/// A gate that opens once and stays open: a thread can wait for it, for a while at most. The
/// user list's worker waits at one for the frame that shows a result's first rows to be drawn
/// before it collects the rest (StoreUserService).
public final class Latch: @unchecked Sendable {
    // @unchecked: `isOpen` is only touched with `mutex` held.
    private let mutex = UnsafeMutablePointer<GMutex>.allocate(capacity: 1)
    private let opened = UnsafeMutablePointer<GCond>.allocate(capacity: 1)
    private var isOpen = false

    public init() {
        g_mutex_init(mutex)
        g_cond_init(opened)
    }

    deinit {
        g_cond_clear(opened)
        g_mutex_clear(mutex)
        opened.deallocate()
        mutex.deallocate()
    }

    /// Lets every waiter through, now and from now on.
    public func open() {
        g_mutex_lock(mutex)
        isOpen = true
        g_cond_broadcast(opened)
        g_mutex_unlock(mutex)
    }

    /// Waits until the gate is open, for `milliseconds` at most (a monotonic deadline); true if
    /// it opened.
    @discardableResult
    public func wait(milliseconds: Int) -> Bool {
        let deadline = g_get_monotonic_time() + gint64(milliseconds) * 1000
        g_mutex_lock(mutex)
        defer { g_mutex_unlock(mutex) }
        while !isOpen {
            if g_cond_wait_until(opened, mutex, deadline) == 0 { return isOpen }
        }
        return true
    }
}
