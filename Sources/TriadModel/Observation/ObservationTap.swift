// The model's one hook: what a watcher outside the model (the app's Messages pane) is told of
// while it watches, and nothing while nobody does. Every observer call, notification and
// observable's change passes through this folder's registry (ObserverList, NotificationHub,
// Observable), so the watchers listed here see them all, and the lessons' models carry no line
// of it. Each watcher adds and removes itself; with none, each costs one look at an empty list.

/// A line of code, as the compiler names it (`#fileID`, `#line`).
public struct CodeLine: Hashable, Sendable {
    /// The file, as `#fileID` names it (`TriadModel/NoteModel.swift`).
    public let fileID: String
    /// The line, from 1.
    public let line: Int

    /// The line `#fileID` and `#line` name.
    public init(_ fileID: StaticString, _ line: UInt) {
        self.fileID = "\(fileID)"
        self.line = Int(line)
    }
}

/// What a watcher of the model's observer registry is told.
@MainActor
public protocol ObservationWatcher: AnyObject {
    /// `name`'s observers are about to be told of a change (at `line`, where the model notified).
    func notifying(_ name: String, observers: Int, at line: CodeLine)
    /// A notification is about to reach its listeners (at `line`, where it was posted).
    func posting(_ name: String, listeners: Int, at line: CodeLine)
    /// An observable value changed and reaches its bindings (at `line`, where the first was made).
    func changing(_ name: String, to value: String, bindings: Int, boundAt line: CodeLine)
}

/// Who watches the model's observer registry now.
@MainActor
public enum ObservationTap {
    /// The watchers told of every observer call, notification and observable's change.
    public private(set) static var watchers: [any ObservationWatcher] = []

    /// Starts telling `watcher` of every observer call, notification and change, until `remove`.
    public static func add(_ watcher: any ObservationWatcher) {
        if !watchers.contains(where: { $0 === watcher }) { watchers.append(watcher) }
    }

    /// Stops telling `watcher` anything.
    public static func remove(_ watcher: any ObservationWatcher) { watchers.removeAll { $0 === watcher } }
}
