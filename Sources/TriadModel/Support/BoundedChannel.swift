import Glibc

/// Hands values from one producer thread to one consumer thread, holding at most `capacity` of
/// them: a producer that gets ahead waits, so memory stays bounded however large the input.
/// Either side can close it: `send` then returns false and `receive` returns nil once the values
/// already sent are taken (or at once, when the consumer closed it).
public final class BoundedChannel<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `values`, `closed` and `abandoned` are only touched with `lock` held.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var values: [Value] = []
    private var closed = false
    private var abandoned = false
    private let capacity: Int

    /// A channel that holds at most `capacity` values (at least one) before `send` waits.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    /// Waits for room, then adds `value`; false if the consumer gave up (stop producing).
    @discardableResult
    public func send(_ value: Value) -> Bool {
        locked {
            while values.count >= capacity, !abandoned { pthread_cond_wait(changed, lock) }
            guard !abandoned else { return false }
            values.append(value)
            pthread_cond_broadcast(changed)
            return true
        }
    }

    /// The producer is done: the consumer gets what was sent, then nil.
    public func finish() {
        locked {
            closed = true
            pthread_cond_broadcast(changed)
        }
    }

    /// The consumer gives up: a waiting or later `send` returns false.
    public func abandon() {
        locked {
            abandoned = true
            values.removeAll()
            pthread_cond_broadcast(changed)
        }
    }

    /// The next value, waiting for one; nil when the producer finished and all were taken.
    public func receive() -> Value? {
        locked {
            while values.isEmpty, !closed, !abandoned { pthread_cond_wait(changed, lock) }
            guard !values.isEmpty else { return nil }
            pthread_cond_broadcast(changed)
            return values.removeFirst()
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }
}
