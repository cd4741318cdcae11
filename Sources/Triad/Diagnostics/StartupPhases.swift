import Glibc
import GtkKit

/// With `TRIAD_PHASES` set, prints `phase NAME monotonic-us=N` at a few steps from `main` to the
/// first frame, on GLib's monotonic clock, so that `make bench` can lay out where start-up time
/// goes beside the C reference programs, which print the same lines. Without it, a mark costs a
/// branch. Only the app shell marks phases.
enum StartupPhases {
    static let enabled = getenv("TRIAD_PHASES") != nil

    static func mark(_ name: StaticString) {
        guard enabled else { return }
        print("phase \(name) monotonic-us=\(MainLoop.microseconds)")
    }

    /// Prints `count NAME=N`: how many of something a start made (GtkKit's connections).
    static func count(_ name: StaticString, _ value: @autoclosure () -> Int) {
        guard enabled else { return }
        print("count \(name)=\(value())")
    }
}
