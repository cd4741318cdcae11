// Model → controller, seed 002's key-value observing, without UIKit's KVO or Foundation: the
// model's own observer registry for one property. (NotificationHub.swift has the other channel.)
// Delivery is synchronous on the caller's thread; the model is used on the main loop. Every
// notification passes through `notify`, which is where the Messages pane records it.

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

    /// Calls every observer with `value`; `recorded: false` for a caller that records the change
    /// itself (a binding).
    public func notify(_ value: Value, recorded: Bool = true, file: StaticString = #fileID, line: UInt = #line) {
        if recorded, !observers.isEmpty {
            MessageLog.shared.record(.model, .controller, .observer, "\(name) → \(observers.count) observer(s)", file: file, line: line)
        }
        for id in observers.keys.sorted() { observers[id]?(value) }
    }

    /// How many observers are registered.
    public var count: Int { observers.count }

    /// Calls every observer without recording (a notification, recorded as one by its hub).
    func deliver() where Value == Void {
        for id in observers.keys.sorted() { observers[id]?(()) }
    }
}
