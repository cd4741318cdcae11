// `make bench`: the smallest Swift program (print the clock and the peak resident memory, exit),
// linked as `make build` links Triad (static Swift runtime, static C++ runtime). Its C twin is
// floor.c, which says why the program reads its own peak.
import Glibc

var now = timespec()
clock_gettime(CLOCK_MONOTONIC, &now)
var peakKB = -1
if let status = fopen("/proc/self/status", "r") {
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), status) != nil {
        let text = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if text.hasPrefix("VmHWM:") { peakKB = Int(text.dropFirst(6).filter(\.isNumber)) ?? -1 }
    }
    fclose(status)
}
print("peak-rss-kb=\(peakKB) monotonic-us=\(Int(now.tv_sec) * 1_000_000 + Int(now.tv_nsec) / 1_000)")
