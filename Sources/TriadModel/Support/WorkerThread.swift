import Glibc

/// The project's one way to run work off the main loop: a POSIX thread running one closure. The
/// model uses it for searches, imports and the slow work before a write (a password's hash:
/// `WriteQueue.offMainLoop`); the app pairs it with GtkKit's main-loop hop for its file tools.
/// Plain pthreads, so the model needs no GLib main loop and no Dispatch queue (whose main queue
/// never runs under GTK's loop on Linux).
public enum WorkerThread {
    private final class Box: @unchecked Sendable {
        // @unchecked: created on one thread and then only touched by the new one.
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// A thread that its starter waits for: when `join()` returns, the thread has ended, and its
    /// closure, with everything the closure held, has been let go of.
    public final class Joinable: @unchecked Sendable {
        // @unchecked: `thread` is only touched by the thread that started it.
        private var thread: pthread_t?

        fileprivate init(_ thread: pthread_t?) { self.thread = thread }

        /// Waits until the thread has ended (at once if the body ran on the starting thread).
        public func join() {
            guard let thread else { return }
            self.thread = nil
            pthread_join(thread, nil)
        }

        deinit {
            // Never joined: the thread still ends on its own and gives back what it holds.
            if let thread { pthread_detach(thread) }
        }
    }

    /// Starts `body` on a new detached thread (or, if no thread can be made, runs it here).
    public static func start(_ body: @escaping @Sendable () -> Void) {
        if let thread = spawn(body) { pthread_detach(thread) }
    }

    /// Starts `body` on a new thread that the caller must `join()` (or, if no thread can be made,
    /// runs it here, and `join()` returns at once). For work that holds something its caller
    /// gives back afterwards: a file, a reader.
    public static func startJoinable(_ body: @escaping @Sendable () -> Void) -> Joinable {
        Joinable(spawn(body))
    }

    /// The new thread running `body`, or nil when none could be made and `body` ran here. The box
    /// is released inside the thread, before it ends, so a join sees the closure already gone.
    private static func spawn(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { data in
                let box = Unmanaged<Box>.fromOpaque(data!).takeRetainedValue()
                box.body()
                return nil
            }, box)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()  // no thread: run here
            return nil
        }
        return thread
    }
}
