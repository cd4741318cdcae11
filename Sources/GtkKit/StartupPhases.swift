import CGtk
import Glibc

/// With `TRIAD_PHASES` set, prints `phase NAME monotonic-us=N` at each step from `main` to the
/// first frame, on GLib's monotonic clock, so `make bench` can lay out where start-up time goes
/// (the C reference programs print the same lines). Without it, a mark costs one branch.
public enum StartupPhases {
    public static let enabled = getenv("TRIAD_PHASES") != nil

    public static func mark(_ name: @autoclosure () -> String) {
        guard enabled else { return }
        print("phase \(name()) monotonic-us=\(g_get_monotonic_time())")
    }
}
