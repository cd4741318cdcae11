import Glibc
import GtkKit

/// `TRIAD_STALL_REPORT=FILE` (benchmarks only): a heartbeat on the main loop appends a line
/// `stall-us=N end-us=T` to FILE for every gap of `reportedFrom` or more beyond its period, on
/// the monotonic clock a harness can compare with its own. Without the variable nothing runs.
@MainActor
enum StallReport {
    private static let periodMicroseconds: Int = 5_000
    private static let reportedFrom: Int = 10_000

    static func startIfRequested() {
        guard let path = getenv("TRIAD_STALL_REPORT").map({ String(cString: $0) }), !path.isEmpty,
            let file = fopen(path, "a")
        else { return }
        var last = MainLoop.microseconds
        MainLoop.every(milliseconds: UInt32(periodMicroseconds / 1000)) {
            let now = MainLoop.microseconds
            let stall = now - last - periodMicroseconds
            last = now
            if stall >= reportedFrom {
                fputs("stall-us=\(stall) end-us=\(now)\n", file)
                fflush(file)
            }
        }
    }
}
