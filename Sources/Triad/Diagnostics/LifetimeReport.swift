import Glibc
import GtkKit

/// With `TRIAD_DEBUG_LIFETIME=1`, SIGUSR1 prints the closures GTK holds for Swift and the live
/// controllers of windows that come and go (the registration dialog's, the flipside's), counted
/// among GtkKit's target-action targets, so that a test can prove that closing a window frees its
/// controller and its signal handlers.
@MainActor
enum LifetimeReport {
    /// The kinds a closed window must leave none of, and their names in the report.
    private static let watched = ["RegisterViewController": "register-controllers", "FlipsideViewController": "flipside-controllers"]

    static func installIfRequested() {
        guard let flag = getenv("TRIAD_DEBUG_LIFETIME"), String(cString: flag) == "1" else { return }
        MainLoop.onUnixSignal(SIGUSR1) {
            let live = SignalTargets.liveCounts
            let counts = watched.sorted { $0.value < $1.value }.map { "\($0.value)=\(live[$0.key] ?? 0)" }.joined(separator: " ")
            print("lifetime closure-boxes=\(ClosureBoxes.live) \(counts)")
            fflush(nil)
        }
    }
}
