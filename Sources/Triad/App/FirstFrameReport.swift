import CGtk
import Glibc

/// The `--quit-after-first-frame` line: milliseconds since the process started, and the
/// monotonic clock (µs) so a benchmark harness can compute start→frame from its own clock.
enum FirstFrameReport {
    /// With `TRIAD_SMAPS_TO=FILE`, a copy of /proc/self/smaps at the first frame, for `make
    /// bench`'s table of where the resident memory is (the C reference programs do the same).
    static func copyMemoryMapIfAsked() {
        guard let target = getenv("TRIAD_SMAPS_TO") else { return }
        var contents: UnsafeMutablePointer<gchar>?
        var length = 0
        guard g_file_get_contents("/proc/self/smaps", &contents, &length, nil) != 0 else { return }
        g_file_set_contents(target, contents, length, nil)
        g_free(contents)
    }

    static func line() -> String {
        let now = g_get_monotonic_time()
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
