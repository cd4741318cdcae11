// The model's one hook: what a watcher outside the model (the app's Messages pane) is told of
// while it watches, and nothing while nobody does. Every observer call, notification and
// observable's change passes through this folder's registry (ObserverList, NotificationHub,
// Observable), so one optional watcher here sees them all, and the lessons' models carry no line
// of it. With no watcher, each costs one read of `ObservationTap.watcher`.

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

/// The one watcher, if anyone watches.
@MainActor
public enum ObservationTap {
    /// The watcher told of every observer call, notification and observable's change; nil while nobody watches.
    public static var watcher: (any ObservationWatcher)?
}
