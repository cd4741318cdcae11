import GtkKit
import Synchronization
import TriadModel

/// The pane's own parts (its view, its controller, its tabs): their signals are not the lesson's
/// messages, and are not recorded.
@MainActor
protocol LearningTool: AnyObject {}

/// What the pane records while it is open: it watches GtkKit (target-action, bindings, tables'
/// questions) and the model's observer registry, the stand-ins the pages were made with record
/// into the same log (Seam), and the log finds each receiving method's line in the map the build
/// made (SourceMap). Each message carries what the shown page's model held as it was sent.
@MainActor
final class MessagesRecorder: Watcher, ObservationWatcher {
    private let flash: WidgetFlash

    init(flash: WidgetFlash) { self.flash = flash }

    /// Starts recording: `snapshot` reads the shown page's model, `moment` the same in a form it
    /// can be set back to; `changed` runs on the main loop,
    /// once per turn however many messages came in it (a scroll sends hundreds).
    func start(
        snapshot: @escaping @MainActor @Sendable () -> [StateEntry], moment: @escaping @MainActor @Sendable () -> PageMoment? = { nil },
        changed: @escaping @MainActor @Sendable () -> Void
    ) {
        Watching.add(self)
        ObservationTap.add(self)
        let queued = RefreshFlag()
        MessageLog.shared.start(
            locate: { SourceMap.shared.place(ofTypeNamed: $0, $1).map { ($0.fileID, $0.line) } },
            snapshot: snapshot,
            moment: moment,
            changed: {
                guard queued.claim() else { return }
                MainLoop.hop {
                    queued.release()
                    changed()
                }
            })
    }

    /// Recording off: the log forgets every message.
    func stop() {
        Watching.remove(self)
        ObservationTap.remove(self)
        MessageLog.shared.stop()
    }

    // MARK: GtkKit's watcher

    func around<R>(_ emission: Emission, run: () -> R) -> R {
        guard !(emission.target is LearningTool) else { return run() }
        let type = String(describing: Swift.type(of: emission.target))
        let connection = SourceMap.shared.connection(at: emission.site)
        // The method by its base name, as a call reads: `updateAddressFromView()`, `answered()`.
        let method = connection.map { ".\($0.method.split(separator: ".").last?.prefix { $0 != "(" } ?? "")()" } ?? ""
        let place = connection?.place ?? SourceMap.Place(fileID: emission.site.fileID, line: emission.site.line)
        MessageLog.shared.record(
            .view, Self.role(of: emission.target), .targetAction, "\(emission.signal) → \(type)\(method)",
            file: place.fileID, line: place.line, member: connection?.method)
        return run()
    }

    func bound(_ value: String, into target: AnyObject, property: String, site: SourceSite) {
        MessageLog.shared.record(.view, Self.role(of: target), .binding, "\(property) = \"\(value)\"", file: site.fileID, line: site.line)
    }

    func widgetUpdated(_ widget: Widget) { flash.flash(widget) }

    func table(asks dataSource: TableDataSource, forRow row: Int, of count: Int) {
        guard !(dataSource is LearningTool) else { return }
        MessageLog.shared.recordRowQuestion(row, of: count, receiver: type(of: dataSource), member: "cells(forRow:)")
    }

    func table(tells delegate: TableEditingDelegate, _ message: TableEditingMessage) {
        guard !(delegate is LearningTool) else { return }
        switch message {
        case .edited(let row, let column, let text):
            MessageLog.shared.record(
                .view, .controller, .delegate, "table(didEditRow: \(row), column: \(column), text: \(ModelState.quotedPreview(text)))",
                receiver: type(of: delegate), member: "table(_:didEditRow:column:text:)")
        case .pasteRequested:
            MessageLog.shared.record(
                .view, .controller, .delegate, "tableDidRequestPaste()", receiver: type(of: delegate), member: "tableDidRequestPaste(_:)")
        }
    }

    // MARK: The model's observer registry

    func notifying(_ name: String, observers: Int, at line: CodeLine) {
        MessageLog.shared.record(
            .model, .controller, .observer, "\(name) → \(observers) observer(s)", file: line.fileID, line: line.line, member: name,
            audience: observers)
    }

    func posting(_ name: String, listeners: Int, at line: CodeLine) {
        MessageLog.shared.record(
            .model, .controller, .notification, "post(.\(name))", file: line.fileID, line: line.line, audience: listeners)
    }

    func changing(_ name: String, to value: String, bindings: Int, boundAt line: CodeLine) {
        MessageLog.shared.record(.viewModel, .view, .binding, "\(name) = \(value)", file: line.fileID, line: line.line)
    }

    /// The part an object plays in its lesson, by its class's name, as UIKit's lessons name
    /// them: a view model's ends in ViewModel, a view's in View (GtkKit's own classes are views
    /// too: a Table wires its widgets to itself), and every other target is a controller.
    private static func role(of object: AnyObject) -> MessageRole {
        let name = String(reflecting: type(of: object))
        if name.hasSuffix("ViewModel") { return .viewModel }
        if name.hasSuffix("View") || name.hasPrefix("GtkKit.") { return .view }
        return .controller
    }
}

/// Whether a refresh is already queued on the main loop (set from the recording thread).
private final class RefreshFlag: Sendable {
    private let queued = Atomic<Bool>(false)
    func claim() -> Bool { queued.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged }
    func release() { queued.store(false, ordering: .releasing) }
}
