import CGtk
import Glibc
import GtkKit
import TriadModel

// `make bench` helper for the figures that are not about windows: password verification time,
// and the longest main-loop stall while a login is being checked (off the loop, as the app does)
// against the naive baseline of checking on the loop itself. Prints one line per figure.

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

/// Runs the main loop with a 1 ms ticker while `start` kicks off `count` checks; returns the
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
        if state.remaining == 0 { state.running = false; return }
        state.remaining -= 1
        start { next() }
    }
    MainLoop.after(milliseconds: 1) { tick() }
    MainLoop.hop { next() }
    MainLoop.drain(until: { !state.running }, timeoutSeconds: 120)
    return state.longest
}

guard let hash = try? PasswordHasher.hash("correct horse battery") else {
    print("cannot hash"); exit(1)
}
var verifyTimes: [Double] = []
for _ in 0..<10 {
    let start = now()
    _ = PasswordHasher.verify("correct horse battery", against: hash)
    verifyTimes.append(now() - start)
}
print("verify-ms median=\(milliseconds(median(verifyTimes))) min=\(milliseconds(verifyTimes.min() ?? 0)) max=\(milliseconds(verifyTimes.max() ?? 0)) runs=10")

let (offLoop, onLoop) = MainActor.assumeIsolated { () -> (Double, Double) in
    let off = longestStall(count: 5) { done in
        Background.run({ PasswordHasher.verify("wrong", against: hash) }) { _ in done() }
    }
    let on = longestStall(count: 5) { done in
        _ = PasswordHasher.verify("wrong", against: hash)
        MainLoop.hop { done() }
    }
    return (off, on)
}
print("login-stall-ms worker=\(milliseconds(offLoop)) on-main-loop=\(milliseconds(onLoop)) checks=5")
