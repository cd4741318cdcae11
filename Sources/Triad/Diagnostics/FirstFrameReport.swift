import Glibc
import GtkKit

/// `--quit-after-first-frame`: once the first frame that shows the page's content is drawn, print
/// the milliseconds since the process started and the monotonic clock (µs), so that a benchmark
/// harness can compute start→frame from its own clock, and quit.
@MainActor
enum FirstFrameReport {
    /// Watches `window`'s frames; the first one drawn with its content is reported, and the app
    /// quits. A frame shows the content when every list on screen has rows: the Users page shows
    /// its list empty until a worker has found the first rows, and a page without a list shows
    /// everything in its first frame.
    static func quitAfterFirstFrame(of window: Window) {
        var reported = false
        window.on(.draw, after: true) { _ in
            guard !reported, window.shownDescendants(TreeView.self).allSatisfy({ $0.rowCount > 0 }) else { return false }
            reported = true
            StartupPhases.mark("first frame drawn")
            // The closures GTK holds for GtkKit (signal handlers, main-loop callbacks): what the
            // typed signals cost a start is this many connections.
            StartupPhases.count("gtkkit-closures", ClosureBoxes.live)
            // Quit once the main loop is idle, so that the frame that triggered this draw is completed.
            MainLoop.whenIdle {
                copyMemoryMapIfAsked()
                print(line())
                fflush(nil)
                window.application?.quit()
            }
            return false
        }
    }

    /// With `TRIAD_SMAPS_TO=FILE`, a copy of /proc/self/smaps at the first frame, for `make
    /// bench`'s table of where the resident memory is (the C reference programs do the same).
    static func copyMemoryMapIfAsked() {
        guard let target = getenv("TRIAD_SMAPS_TO"), let map = readFile("/proc/self/smaps") else { return }
        try? writeFile(String(cString: target), bytes: map)
    }

    static func line() -> String {
        let now = MainLoop.microseconds
        return "first-frame-ms=\(millisecondsSinceProcessStart()) monotonic-us=\(now)"
    }

    /// From /proc/self/stat's start time (clock ticks after boot) and CLOCK_BOOTTIME.
    private static func millisecondsSinceProcessStart() -> Int {
        guard let file = fopen("/proc/self/stat", "r") else { return -1 }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = fread(&buffer, 1, buffer.count, file)
        let line = String(decoding: buffer[..<count], as: UTF8.self)
        // Fields after the command name (which is in parentheses and may hold spaces).
        guard let close = line.lastIndex(of: ")") else { return -1 }
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return -1 }  // field 22: starttime
        var uptime = timespec()
        clock_gettime(CLOCK_BOOTTIME, &uptime)
        let started = ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        let now = Double(uptime.tv_sec) + Double(uptime.tv_nsec) / 1e9
        return Int(((now - started) * 1000).rounded())
    }
}
