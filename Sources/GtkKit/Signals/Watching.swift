// GtkKit's one hook: what a watcher outside the toolkit (the app's Messages pane, a diagnostic)
// is told of while it watches, and nothing while nobody does. Every target-action emission, every
// binding's write and every text a program sets on a widget passes through GtkKit, so one
// optional watcher here sees them all, and the views and controllers carry no line of it. With no
// watcher, each of those costs one read of `Watching.watcher`.

/// Where a line of code is, as the compiler names it (`#fileID`, `#line`, `#column`): the
/// connection of a target-action or a binding.
public struct SourceSite: Hashable, Sendable {
    /// The file, as `#fileID` names it (`triad/AdderView.swift`).
    public let fileID: String
    /// The line, from 1.
    public let line: Int
    /// The column, from 1.
    public let column: Int

    /// The place `#fileID`, `#line` and `#column` give.
    public init(_ fileID: StaticString, _ line: UInt, _ column: UInt) {
        self.fileID = "\(fileID)"
        self.line = Int(line)
        self.column = Int(column)
    }

    /// `module/File.swift:line:column`, the key under which the build's source map knows it.
    public var key: String { "\(fileID):\(line):\(column)" }
}

/// One target-action emission: the signal, the object whose method it calls, and the line that
/// made the connection.
public struct Emission {
    /// The signal's name (`clicked`).
    public let signal: String
    /// The object whose method the emission calls.
    public let target: AnyObject
    /// Where the connection was made.
    public let site: SourceSite
}

/// What a watcher is told. Every method has a default that does nothing, so a watcher
/// implements only what it wants.
@MainActor
public protocol Watcher: AnyObject {
    /// A target-action emission is about to call its action: `run` calls it (and returns what the
    /// action returned); the watcher calls `run` exactly once.
    func around<R>(_ emission: Emission, run: () -> R) -> R
    /// A binding wrote `value` into `target`'s `property`.
    func bound(_ value: String, into target: AnyObject, property: String, site: SourceSite)
    /// The program set the text `widget` shows.
    func widgetUpdated(_ widget: Widget)
    /// A target-action connection was made with `target` as its target.
    func connected(target: AnyObject)
}

extension Watcher {
    public func around<R>(_ emission: Emission, run: () -> R) -> R { run() }
    public func bound(_ value: String, into target: AnyObject, property: String, site: SourceSite) {}
    public func widgetUpdated(_ widget: Widget) {}
    public func connected(target: AnyObject) {}
}

/// The one watcher, if anyone watches.
@MainActor
public enum Watching {
    /// The watcher told of every emission, binding and widget update; nil while nobody watches.
    public static var watcher: (any Watcher)?
}
