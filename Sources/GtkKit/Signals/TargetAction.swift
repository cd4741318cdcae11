import CGtk

// Target-action, as seed 002 and UIKit's `addTarget(_:action:for:)` name it: a widget's signal
// calls a method of a target object. The target is held weakly, so a view or a controller can
// wire widgets to its own methods without a reference cycle:
//
//     view.saveButton.on(.clicked, target: self, action: AddressViewController.save)
//
// Each connection keeps the file and line that made it, and each emission is offered to
// `SignalTrace`: that is how the Messages pane hears target-action without a line of recording
// code in the views and controllers.

extension GObjectPointer {
    /// `signal` calls `action` on `target` (held weakly); once the target is gone, nothing.
    @MainActor @discardableResult
    public func on<Target: AnyObject>(_ signal: Signal<Void, Void>, after: Bool = false, target: Target,
                                      action: @escaping @MainActor (Target) -> () -> Void,
                                      file: StaticString = #fileID, line: UInt = #line) -> SignalConnection {
        let connection = TracedConnection(signal.name, file, line, target)
        return on(signal, after: after) { [weak target] in
            guard let target else { return }
            connection.emitted(to: target)
            action(target)()
        }
    }

    /// Target-action with the signal's argument, e.g. `.response`.
    @MainActor @discardableResult
    public func on<Target: AnyObject, A>(_ signal: Signal<A, Void>, after: Bool = false, target: Target,
                                         action: @escaping @MainActor (Target) -> (A) -> Void,
                                         file: StaticString = #fileID, line: UInt = #line) -> SignalConnection {
        let connection = TracedConnection(signal.name, file, line, target)
        return on(signal, after: after) { [weak target] (argument: A) in
            guard let target else { return }
            connection.emitted(to: target)
            action(target)(argument)
        }
    }

    /// Target-action for an event signal without an argument, e.g. `.deleteEvent`; once the
    /// target is gone the event goes on (false).
    @MainActor @discardableResult
    public func on<Target: AnyObject>(_ signal: Signal<Void, Bool>, after: Bool = false, target: Target,
                                      action: @escaping @MainActor (Target) -> () -> Bool,
                                      file: StaticString = #fileID, line: UInt = #line) -> SignalConnection {
        let connection = TracedConnection(signal.name, file, line, target)
        return on(signal, after: after) { [weak target] in
            guard let target else { return false }
            connection.emitted(to: target)
            return action(target)()
        }
    }

    /// Target-action for an event signal with its event, e.g. `.keyPressEvent`.
    @MainActor @discardableResult
    public func on<Target: AnyObject, A>(_ signal: Signal<A, Bool>, after: Bool = false, target: Target,
                                         action: @escaping @MainActor (Target) -> (A) -> Bool,
                                         file: StaticString = #fileID, line: UInt = #line) -> SignalConnection {
        let connection = TracedConnection(signal.name, file, line, target)
        return on(signal, after: after) { [weak target] (argument: A) in
            guard let target else { return false }
            connection.emitted(to: target)
            return action(target)(argument)
        }
    }
}

/// Where a target-action connection was made, for `SignalTrace`. Signals that fire with every
/// frame, resize or scroll, and property notifications, are plumbing rather than a person's
/// action, and are never offered.
@MainActor
private struct TracedConnection {
    let signal: String
    let file: StaticString
    let line: UInt
    let traced: Bool

    init(_ signal: String, _ file: StaticString, _ line: UInt, _ target: AnyObject) {
        self.signal = signal
        self.file = file
        self.line = line
        traced = !signal.hasPrefix("notify::") && !Self.plumbing.contains(signal)
        SignalTargets.add(target)
    }

    private static let plumbing: Set<String> = ["draw", "size-allocate", "window-state-event", "scroll-event", "value-changed",
                                                "destroy", "startup", "shutdown", "activate", "handle-local-options",
                                                "command-line"]

    func emitted(to target: AnyObject) {
        guard traced, let watcher = SignalTrace.watcher else { return }
        watcher(signal, target, file, line)
    }
}

/// Where target-action emissions go while someone watches them: the Messages pane sets `watcher`
/// while it is open. Without a watcher an emission costs one read of it.
@MainActor
public enum SignalTrace {
    /// The signal's name, its target, and the file and line that connected them.
    public typealias Watcher = @MainActor (_ signal: String, _ target: AnyObject, _ file: StaticString, _ line: UInt) -> Void
    public static var watcher: Watcher?
}

/// Every object that is the target of a target-action connection (the views and controllers
/// that answer a person), held weakly. A diagnostic counts them by kind, so that a test can see
/// a closed dialog's controller go, without a line in the controller that says so.
@MainActor
public enum SignalTargets {
    private final class Entry {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }
    private static var entries: [ObjectIdentifier: Entry] = [:]

    static func add(_ target: AnyObject) {
        let key = ObjectIdentifier(target)
        if entries[key]?.object === target { return }
        entries[key] = Entry(target)
        if entries.count.isMultiple(of: 64) { entries = entries.filter { $0.value.object != nil } }
    }

    /// How many targets of each kind are alive, by type name.
    public static var liveCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for entry in entries.values {
            if let object = entry.object { counts[String(describing: type(of: object)), default: 0] += 1 }
        }
        return counts
    }
}

// MARK: Weak callbacks

/// `target`'s method `action` as a closure that holds `target` weakly and does nothing once it is
/// gone: for a callback that is not a signal, e.g. a controller handing its method to the model
/// as the answer to a store write, `then: weakly(self, LoginViewController.show)`.
@MainActor
public func weakly<Target: AnyObject>(_ target: Target, _ action: @escaping @MainActor (Target) -> () -> Void)
    -> @MainActor () -> Void {
    { [weak target] in if let target { action(target)() } }
}

@MainActor
public func weakly<Target: AnyObject, A>(_ target: Target, _ action: @escaping @MainActor (Target) -> (A) -> Void)
    -> @MainActor (A) -> Void {
    { [weak target] a in if let target { action(target)(a) } }
}
