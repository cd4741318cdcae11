import Glibc

/// The project's one way to run work off the main loop: a detached POSIX thread running one
/// closure. The model uses it for searches, imports and the slow work before a write (a
/// password's hash: `WriteQueue.offMainLoop`); the app pairs it with GtkKit's main-loop hop for
/// its file tools. Plain pthreads, so the model needs no GLib main loop and no Dispatch queue
/// (whose main queue never runs under GTK's loop on Linux).
public enum WorkerThread {
    private final class Box: @unchecked Sendable {
        // @unchecked: created on one thread and then only touched by the new one.
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts `body` on a new detached thread (or, if no thread can be made, runs it here).
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { data in
                let box = Unmanaged<Box>.fromOpaque(data!).takeRetainedValue()
                box.body()
                return nil
            }, box)
        if status == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()  // no thread: run here
        }
    }
}
