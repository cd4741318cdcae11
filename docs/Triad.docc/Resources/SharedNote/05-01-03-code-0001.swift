// Model → controller, seed 002's notifications (NSNotificationCenter's role): broadcast by name;
// the poster knows no listener. Delivery is synchronous on the caller's thread. Like the observer
// registry beside it, the hub is one place every notification passes through, so it is where the
// one watcher of ObservationTap.swift hears of them.

/// Names of the notifications the model posts; the raw value is the name the Messages pane shows.
public enum ModelNotification: String, Hashable, Sendable {
    /// The shared note's text changed.
    case noteChanged
}

/// Broadcasts named notifications to whoever listens; the poster knows no listener.
/// One hub is created by the application and handed to whoever needs it.
@MainActor
public final class NotificationHub {
    private var listeners: [ModelNotification: ObserverList<Void>] = [:]

    /// A hub with no listeners yet.
    public init() {}

    /// Tells every listener of `name`, now, on this thread; `file` and `line` say where it was
    /// posted, for a watcher (ObservationTap.swift).
    public func post(_ name: ModelNotification, file: StaticString = #fileID, line: UInt = #line) {
        for watcher in ObservationTap.watchers {
            watcher.posting(name.rawValue, listeners: listeners[name]?.count ?? 0, at: CodeLine(file, line))
        }
        listeners[name]?.deliver(())
    }

    /// Calls `handler` each time `name` is posted, for as long as the token is kept.
    public func listen(_ name: ModelNotification, _ handler: @escaping () -> Void) -> ObservationToken {
        let list = listeners[name] ?? ObserverList<Void>(name: name.rawValue)
        listeners[name] = list
        return list.add { handler() }
    }
}
