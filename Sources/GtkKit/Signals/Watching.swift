// GtkKit's one hook: what a watcher outside the toolkit (the app's Messages pane, a diagnostic)
// is told of while it watches, and nothing while nobody does. Every target-action emission, every
// binding's write and every text a program sets on a widget passes through GtkKit, so one
// optional watcher here sees them all, and the views and controllers carry no line of it. With no
// watcher, each of those costs one read of `Watching.watcher`.

/// Where a line of code is, as the compiler names it (`#fileID`, `#line`, `#column`): the
/// connection of a target-action or a binding.
public struct SourceSite: Hashable, Sendable {
    public let fileID: String
    public let line: Int
    public let column: Int

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
    public let signal: String
    public let target: AnyObject
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
    public static var watcher: (any Watcher)?
}
