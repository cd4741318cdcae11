import CGtk
import Glibc
import GtkKit

/// What GtkKit's typed signals cost against GTK's own `g_signal_connect`, per connection and per
/// emission, and what the Messages pane's watcher costs on the way while the pane is closed (no
/// watcher: the lessons' target-action runs straight to its method) and while it is open (a
/// watcher that only passes the call on). Each way connects one handler on each of `count` new
/// buttons, then clicks each; the ways alternate round by round, and each figure is the median
/// of its rounds' per-call times.
@MainActor
func signalFigures(count: Int, rounds: Int) {
    guard gtk_init_check(nil, nil) != 0 else {
        print("no display")
        exit(1)
    }
    let target = ClickTarget()
    let watcher = PassingWatcher()
    let ways: [(name: String, connect: @MainActor (Button) -> Void)] = [
        ("raw", { button in _ = g_signal_connect_data(button.pointer.raw, "clicked", rawClicked, nil, nil, GConnectFlags(0)) }),
        ("closure", { button in button.on(.clicked) { target.clicks += 1 } }),
        ("target-action", { button in button.on(.clicked, target: target, action: ClickTarget.clicked) }),
        ("target-action-watched", { button in button.on(.clicked, target: target, action: ClickTarget.clicked) }),
    ]
    var connect: [String: [Double]] = [:]
    var emit: [String: [Double]] = [:]
    for round in 0..<rounds {
        for index in 0..<ways.count {
            let way = ways[(index + round) % ways.count]
            let buttons = (0..<count).map { _ in Button(unchecked: ObjectPointer(g_object_ref_sink(gtk_button_new())!)) }
            if way.name == "target-action-watched" { Watching.add(watcher) }
            var start = now()
            for button in buttons { way.connect(button) }
            connect[way.name, default: []].append((now() - start) / Double(count))
            start = now()
            for button in buttons { gtk_button_clicked(button.pointer.raw.assumingMemoryBound(to: GtkButton.self)) }
            emit[way.name, default: []].append((now() - start) / Double(count))
            Watching.remove(watcher)
            for button in buttons { g_object_unref(button.pointer.raw) }
        }
    }
    guard rawClicks + target.clicks == count * rounds * ways.count else {
        print("signals: \(rawClicks + target.clicks) clicks arrived of \(count * rounds * ways.count)")
        exit(1)
    }
    for way in ways {
        print(
            "signal-way name=\(way.name) connect-us=\(microseconds(median(connect[way.name] ?? [])))"
                + " emit-us=\(microseconds(median(emit[way.name] ?? []))) count=\(count) rounds=\(rounds)")
    }
}

/// Hundredths of a microsecond.
func microseconds(_ seconds: Double) -> String {
    let hundredths = Int((seconds * 100_000_000).rounded())
    return "\(hundredths / 100).\(String(hundredths % 100).leftPadded(to: 2))"
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

nonisolated(unsafe) private var rawClicks = 0

/// A C handler, as a C program connects one: it counts the click, as the Swift handlers do.
private let rawClicked: GCallback = unsafeBitCast(
    { (_: UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?) in rawClicks += 1 }
        as @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
        ) -> Void, to: GCallback.self)

@MainActor
private final class ClickTarget {
    var clicks = 0
    func clicked() { clicks += 1 }
}

/// The Messages pane's part while it is open, less its recording: each emission goes through the
/// watcher, which runs it.
@MainActor
private final class PassingWatcher: Watcher {
    var emissions = 0
    func around<R>(_ emission: Emission, run: () -> R) -> R {
        emissions += 1
        return run()
    }
}
