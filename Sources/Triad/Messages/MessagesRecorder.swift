import CGtk
import GtkKit
import Synchronization
import TriadModel

/// The pane's own parts (its view, its controller, its tabs): their signals are not the lesson's
/// messages, and are not recorded.
@MainActor
protocol LearningTool: AnyObject {}

/// What the pane records while it is open: GtkKit's target-action, binding and table layers
/// report to the message log, the log finds each receiving method's line in the sources compiled
/// into the app, and each message carries what the shown page's model held as it was sent.
@MainActor
enum MessagesRecorder {
    /// Starts recording: `snapshot` reads the shown page's model; `changed` runs on the main loop,
    /// once per turn however many messages came in it (a scroll sends hundreds).
    static func start(snapshot: @escaping @MainActor @Sendable () -> [StateEntry], changed: @escaping @MainActor @Sendable () -> Void) {
        SignalTrace.watcher = { signal, target, file, line in
            guard !(target is LearningTool) else { return }
            let type = lessonType(of: target)
            let method = reference(after: "action: ", at: "\(file)", line: Int(line)).map { ".\($0)()" } ?? ""
            MessageLog.shared.record(.view, role(of: type), .targetAction, "\(signal) → \(type)\(method)", file: file, line: line)
        }
        BindingTrace.watcher = { target, value, file, line in
            let property = reference(after: "\\.", at: "\(file)", line: Int(line)) ?? "value"
            MessageLog.shared.record(.view, role(of: lessonType(of: target)), .binding, "\(property) = \"\(value)\"", file: file, line: line)
        }
        DataSourceTrace.watcher = { row, rows, dataSource in
            MessageLog.shared.recordRowQuestion(row, of: rows, receiver: lessonType(of: dataSource), member: "cells(forRow:)")
        }
        let queued = RefreshFlag()
        MessageLog.shared.start(locate: { SourceIndex.shared.locate(type: $0, member: $1) }, snapshot: snapshot) {
            guard queued.claim() else { return }
            MainLoop.hop {
                queued.release()
                changed()
            }
        }
    }

    /// Recording off; the log forgets every message.
    static func stop() {
        SignalTrace.watcher = nil
        BindingTrace.watcher = nil
        DataSourceTrace.watcher = nil
        MessageLog.shared.stop()
    }

    /// A target-action's receiver, by its kind: a view wires its widgets to itself, a controller
    /// its view's widgets to itself.
    private static func role(of type: Any.Type) -> MessageRole {
        let name = String(describing: type)
        if name.hasSuffix("ViewModel") { return .viewModel }
        if name.hasSuffix("View") || name == "Table" { return .view }
        if name.hasSuffix("Presenter") { return .presenter }
        return .controller
    }

    /// The lesson's class of an object: the app builds its pages from recording subclasses
    /// (Messages/Recording/), and the pane names the class they record for.
    static func lessonType(of object: AnyObject) -> Any.Type {
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror, String(describing: current.subjectType).hasPrefix("Recording") {
            mirror = current.superclassMirror
        }
        return mirror?.subjectType ?? type(of: object)
    }

    /// The name a line of code gives after `marker`: the method a target-action connection names
    /// (`action: AddressViewController.revert` gives "revert"), or the property a binding writes
    /// (`\.first` gives "first"), read from the line that made the connection.
    private static func reference(after marker: String, at file: String, line: Int) -> String? {
        let lines = SourceIndex.shared.lines(ofFileID: file)
        guard line >= 1, line <= lines.count, let offset = lines[line - 1].utf8Offset(of: marker) else { return nil }
        let rest = String(decoding: lines[line - 1].utf8.dropFirst(offset + marker.utf8.count), as: UTF8.self)
        let reference = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        return reference.split(separator: ".").last.map(String.init)
    }
}

/// Whether a refresh is already queued on the main loop (set from the recording thread).
private final class RefreshFlag: Sendable {
    private let queued = Atomic<Bool>(false)
    func claim() -> Bool { queued.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged }
    func release() { queued.store(false, ordering: .releasing) }
}
