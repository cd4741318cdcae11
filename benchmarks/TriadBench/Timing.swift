import CGtk
import Glibc
import GtkKit

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func milliseconds(_ value: Double) -> String { String(Int((value * 1000).rounded())) }

/// Milliseconds with one decimal.
func tenths(_ value: Double) -> String {
    let tenths = Int((value * 10_000).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}

/// Runs the main loop with a ticker every millisecond while `start` kicks off `count` checks; returns the
/// longest gap between ticks, in seconds.
@MainActor
func longestStall(count: Int, start: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void) -> Double {
    final class State: @unchecked Sendable {
        var last = now(), longest = 0.0, remaining = 0, running = true
    }
    let state = State()
    state.remaining = count
    func tick() {
        let t = now()
        state.longest = max(state.longest, t - state.last)
        state.last = t
        if state.running { MainLoop.after(milliseconds: 1) { tick() } }
    }
    func next() {
        if state.remaining == 0 {
            state.running = false
            return
        }
        state.remaining -= 1
        start { next() }
    }
    MainLoop.after(milliseconds: 1) { tick() }
    MainLoop.hop { next() }
    MainLoop.drain(until: { !state.running }, timeoutSeconds: 120)
    return state.longest
}
