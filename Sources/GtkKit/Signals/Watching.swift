// GtkKit's one hook: what a watcher outside the toolkit (the app's Messages pane, a diagnostic)
// is told of while it watches, and nothing while nobody does. Every target-action emission, every
// binding's write and every text a program sets on a widget passes through GtkKit, so the watchers
// listed here see them all, and the views and controllers carry no line of it. Each watcher adds
// and removes itself; with none, each of those costs one look at an empty list.

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
    /// A table is about to ask its data source what row `row` of `count` holds (seed 002's data
    /// source: "what is in row i?").
    func table(asks dataSource: TableDataSource, forRow row: Int, of count: Int)
    /// A table is about to tell its editing delegate `message`.
    func table(tells delegate: TableEditingDelegate, _ message: TableEditingMessage)
}

/// What a table tells its editing delegate, for a watcher.
public enum TableEditingMessage: Sendable {
    /// `table(_:didEditRow:column:text:)`.
    case edited(row: Int, column: Int, text: String)
    /// `tableDidRequestPaste(_:)`.
    case pasteRequested
}

extension Watcher {
    public func around<R>(_ emission: Emission, run: () -> R) -> R { run() }
    public func bound(_ value: String, into target: AnyObject, property: String, site: SourceSite) {}
    public func widgetUpdated(_ widget: Widget) {}
    public func connected(target: AnyObject) {}
    public func table(asks dataSource: TableDataSource, forRow row: Int, of count: Int) {}
    public func table(tells delegate: TableEditingDelegate, _ message: TableEditingMessage) {}
}

/// Who watches now.
@MainActor
public enum Watching {
    /// The watchers told of every emission, binding and widget update, in the order they came.
    public private(set) static var watchers: [any Watcher] = []

    /// Starts telling `watcher` of every emission, binding and widget update, until `remove`.
    public static func add(_ watcher: any Watcher) {
        if !watchers.contains(where: { $0 === watcher }) { watchers.append(watcher) }
    }

    /// Stops telling `watcher` anything.
    public static func remove(_ watcher: any Watcher) { watchers.removeAll { $0 === watcher } }

    /// Runs `action` inside every watcher's `around`, the first watcher outermost.
    static func around<R>(_ emission: Emission, _ action: () -> R) -> R {
        let watchers = self.watchers
        func nested(_ index: Int) -> R {
            index == watchers.count ? action() : watchers[index].around(emission) { nested(index + 1) }
        }
        return nested(0)
    }
}
