/// A value made on a worker thread while the thread that asked for it does other work, taken
/// once with `value()`, which waits for it if it is not made yet. The app opens its store this
/// way (AppServices.swift): SQLite's integrity check and open run while GTK starts and builds the
/// window. A noncopyable struct, so the value has exactly one taker.
public struct Pending<Value>: ~Copyable {
    /// The value crosses threads once: made by the worker, which keeps no reference to it.
    private struct Handoff: @unchecked Sendable { let value: Value }
    private let channel = BoundedChannel<Handoff>(capacity: 1)

    /// Starts making the value with `make` on a worker thread.
    public init(_ make: @escaping @Sendable () -> Value) {
        let channel = channel
        WorkerThread.start {
            channel.send(Handoff(value: make()))
            channel.finish()
        }
    }

    /// The value, once made (waiting for it if need be).
    public consuming func value() -> Value {
        guard let handoff = channel.receive() else {
            // Only `abandon` ends a channel with nothing sent, and nothing here calls it.
            preconditionFailure("a Pending value's worker finished without a value")
        }
        return handoff.value
    }
}
