// What target-action reports beside calling its target, for the app's own tools: each emission
// to a watcher (the Messages pane, while it is open), and each target to a weak registry (the
// lifetime diagnostic). Target-action itself is in TargetAction.swift.

/// Where a target-action connection was made, for `SignalTrace`. Signals that fire with every
/// frame, resize or scroll, and property notifications, are plumbing rather than a person's
/// action, and are never offered.
@MainActor
struct TracedConnection {
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
