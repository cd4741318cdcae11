// Model → controller: the Observer pattern, as seed 002 uses key-value observing for it, but not
// KVO itself. KVO (Foundation's, Apple's only) observes any property by its key path, by
// swizzling the object's class at run time; here the model keeps a list of observers per value
// it offers, registers each one explicitly (`observe`), and tells them all in `notify`, by plain
// calls. (NotificationHub.swift has the other channel.) Delivery is synchronous on the caller's
// thread; the model is used on the main loop. Every change passes through `notify`, where the
// watchers of ObservationTap.swift hear of it.

/// Keeps an observation alive; dropping (or cancelling) it removes the observer.
@MainActor
public final class ObservationToken {
    private var cancelAction: (() -> Void)?
    init(cancel: @escaping () -> Void) { cancelAction = cancel }

    /// Removes the observer now; later calls do nothing.
    public func cancel() {
        cancelAction?()
        cancelAction = nil
    }

    isolated deinit { cancel() }
}

/// Observers of one value; each is called once per change with the new value.
@MainActor
public final class ObserverList<Value> {
    private var observers: [Int: (Value) -> Void] = [:]
    private var nextID = 0
    /// What changes, in the Messages pane's words ("note.text").
    private let name: String

    /// An empty list for the value the Messages pane calls `name`.
    public init(name: String = "value") { self.name = name }

    /// Registers `handler`; it is called until the returned token is cancelled or released.
    /// Capture the observing object weakly in `handler`, and keep the token in that object.
    public func add(_ handler: @escaping (Value) -> Void) -> ObservationToken {
        let id = nextID
        nextID += 1
        observers[id] = handler
        return ObservationToken { [weak self] in self?.observers[id] = nil }
    }

    /// Calls every observer with `value`. `file` and `line` are where the model notified, for a
    /// watcher.
    public func notify(_ value: Value, file: StaticString = #fileID, line: UInt = #line) {
        if !observers.isEmpty {
            for watcher in ObservationTap.watchers { watcher.notifying(name, observers: observers.count, at: CodeLine(file, line)) }
        }
        deliver(value)
    }

    /// How many observers are registered.
    public var count: Int { observers.count }

    /// Calls every observer, without telling the watcher (a notification, which its hub tells of;
    /// an observable's change, which the observable tells of).
    func deliver(_ value: Value) {
        for id in observers.keys.sorted() { observers[id]?(value) }
    }
}
