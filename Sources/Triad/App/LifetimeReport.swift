import Glibc
import GtkKit

/// Counts live controllers of windows that come and go, and (with TRIAD_DEBUG_LIFETIME=1) prints
/// them with GtkKit's live closure boxes on SIGUSR1, so a test can prove that closing a dialog
/// frees its controller and its signal handlers.
@MainActor
enum LifetimeReport {
    private static var live: [String: Int] = [:]

    static func created(_ kind: String) { live[kind, default: 0] += 1 }
    static func released(_ kind: String) { live[kind, default: 0] -= 1 }

    static func installIfRequested() {
        guard let flag = getenv("TRIAD_DEBUG_LIFETIME"), String(cString: flag) == "1" else { return }
        MainLoop.onUnixSignal(SIGUSR1) {
            let counts = live.keys.sorted().map { "\($0)=\(live[$0] ?? 0)" }.joined(separator: " ")
            print("lifetime closure-boxes=\(ClosureBoxes.live) \(counts)")
            fflush(nil)
        }
    }
}
