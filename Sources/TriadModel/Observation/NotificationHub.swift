// Model → controller, seed 002's notifications (NSNotificationCenter's role): broadcast by name;
// the poster knows no listener. Delivery is synchronous on the caller's thread. Like the observer
// registry beside it, the hub is one place every notification passes through, so it is where the
// one watcher of ObservationTap.swift hears of them.

/// Names of the notifications the model posts; the raw value is the name the Messages pane shows.
public enum ModelNotification: String, Hashable, Sendable {
    case noteChanged
}

/// Broadcasts named notifications to whoever listens; the poster knows no listener.
/// One hub is created by the application and handed to whoever needs it.
@MainActor
public final class NotificationHub {
    private var listeners: [ModelNotification: ObserverList<Void>] = [:]

    public init() {}

    /// Tells every listener of `name`. `file` and `line` are where it was posted, for a watcher.
    public func post(_ name: ModelNotification, file: StaticString = #fileID, line: UInt = #line) {
        ObservationTap.watcher?.posting(name.rawValue, listeners: listeners[name]?.count ?? 0, at: CodeLine(file, line))
        listeners[name]?.deliver(())
    }

    public func listen(_ name: ModelNotification, _ handler: @escaping () -> Void) -> ObservationToken {
        let list = listeners[name] ?? ObserverList<Void>(name: name.rawValue)
        listeners[name] = list
        return list.add { handler() }
    }
}
