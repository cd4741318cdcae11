import GtkKit
import Synchronization
import TriadModel

/// The pane's own parts (its view, its controller, its tabs): their signals are not the lesson's
/// messages, and are not recorded.
@MainActor
protocol LearningTool: AnyObject {}

/// What the pane records while it is open: it watches GtkKit (target-action and bindings) and the
/// model's observer registry, puts its stand-ins in the pages' parts (Seam), and the message log
/// finds each receiving method's line in the map the build made (SourceMap). Each message carries
/// what the shown page's model held as it was sent.
@MainActor
final class MessagesRecorder: Watcher, ObservationWatcher {
    private let seam: Seam
    private let flash: WidgetFlash
    /// The watcher GtkKit had before (a diagnostic's), told of connections as before.
    private var previous: (any Watcher)?

    init(seam: Seam, flash: WidgetFlash) {
        self.seam = seam
        self.flash = flash
    }

    /// Starts recording: `snapshot` reads the shown page's model; `changed` runs on the main loop,
    /// once per turn however many messages came in it (a scroll sends hundreds).
    func start(snapshot: @escaping @MainActor @Sendable () -> [StateEntry], changed: @escaping @MainActor @Sendable () -> Void) {
        previous = Watching.watcher
        Watching.watcher = self
        ObservationTap.watcher = self
        seam.attach()
        let queued = RefreshFlag()
        MessageLog.shared.start(
            locate: { SourceMap.shared.place(ofTypeNamed: $0, $1).map { ($0.fileID, $0.line) } },
            snapshot: snapshot,
            changed: {
                guard queued.claim() else { return }
                MainLoop.hop {
                    queued.release()
                    changed()
                }
            })
    }

    /// The window built (and showed) another page: its parts get their stand-ins too.
    func attach(page name: String) { seam.attach(page: name) }

    /// Recording off: the parts as they were, and the log forgets every message.
    func stop() {
        Watching.watcher = previous
        previous = nil
        ObservationTap.watcher = nil
        seam.detach()
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
            file: place.fileID, line: place.line)
        let result = run()
        seam.refresh()  // the action may have made a part (a dialog's controller, a pattern)
        return result
    }

    func bound(_ value: String, into target: AnyObject, property: String, site: SourceSite) {
        MessageLog.shared.record(.view, Self.role(of: target), .binding, "\(property) = \"\(value)\"", file: site.fileID, line: site.line)
    }

    func widgetUpdated(_ widget: Widget) { flash.flash(widget) }

    func connected(target: AnyObject) { previous?.connected(target: target) }

    // MARK: The model's observer registry

    func notifying(_ name: String, observers: Int, at line: CodeLine) {
        MessageLog.shared.record(.model, .controller, .observer, "\(name) → \(observers) observer(s)", file: line.fileID, line: line.line)
    }

    func posting(_ name: String, listeners: Int, at line: CodeLine) {
        MessageLog.shared.record(.model, .controller, .notification, "post(.\(name))", file: line.fileID, line: line.line)
    }

    func changing(_ name: String, to value: String, bindings: Int, boundAt line: CodeLine) {
        MessageLog.shared.record(.viewModel, .view, .binding, "\(name) = \(value)", file: line.fileID, line: line.line)
    }

    /// The part an object plays in its lesson, by its class: the views wire their widgets to
    /// themselves, the view model takes its command, and every other target is a controller.
    private static func role(of object: AnyObject) -> MessageRole {
        switch object {
        case is AdderViewModel: .viewModel
        case is AdderView, is AdderPassiveView, is AdderBoundView, is RegisterView, is FlipsideView, is TransferView,
            is ImportPreviewView, is Table, is BarColumn, is PieChartView, is ValuesView:
            .view
        default: .controller
        }
    }
}

/// Whether a refresh is already queued on the main loop (set from the recording thread).
private final class RefreshFlag: Sendable {
    private let queued = Atomic<Bool>(false)
    func claim() -> Bool { queued.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged }
    func release() { queued.store(false, ordering: .releasing) }
}
