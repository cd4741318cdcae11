import Glibc
import GtkKit

/// With `TRIAD_DEBUG_LIFETIME=1`, SIGUSR1 prints the closures GTK holds for Swift and the live
/// controllers of windows that come and go (the registration dialog's, the flipside's), counted
/// among the targets of target-action connections (which it watches through GtkKit's watcher),
/// so that a test can prove that closing a window frees its controller and its signal handlers;
/// and, on a line of its own, the bytes malloc has handed out and not taken back, which a leak
/// raises even where freed memory the process still holds would hide it from its resident size.
@MainActor
enum LifetimeReport {
    /// The kinds a closed window must leave none of, and their names in the report.
    private static let watched = ["RegisterViewController": "register-controllers", "FlipsideViewController": "flipside-controllers"]

    static func installIfRequested() {
        guard let flag = getenv("TRIAD_DEBUG_LIFETIME"), String(cString: flag) == "1" else { return }
        let targets = Targets()
        Watching.add(targets)
        MainLoop.onUnixSignal(SIGUSR1) {
            let live = targets.liveCounts
            let counts = watched.sorted { $0.value < $1.value }.map { "\($0.value)=\(live[$0.key] ?? 0)" }.joined(separator: " ")
            print("lifetime closure-boxes=\(ClosureBoxes.live) \(counts)")
            print("heap in-use=\(Program.heapBytesInUse)")
            fflush(nil)
        }
    }
}

/// Every object that is the target of a target-action connection, held weakly, counted by kind.
@MainActor
private final class Targets: Watcher {
    private final class WeakTarget {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }
    private var entries: [ObjectIdentifier: WeakTarget] = [:]

    func connected(target: AnyObject) {
        let key = ObjectIdentifier(target)
        if entries[key]?.object === target { return }
        entries[key] = WeakTarget(target)
        if entries.count.isMultiple(of: 64) { entries = entries.filter { $0.value.object != nil } }
    }

    /// How many targets of each kind are alive, by type name.
    var liveCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for entry in entries.values {
            if let object = entry.object { counts[String(describing: type(of: object)), default: 0] += 1 }
        }
        return counts
    }
}
