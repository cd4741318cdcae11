import Glibc
import GtkKit
import TriadModel

/// `TRIAD_TRAVEL_FIGURES=N` beside `--page chart --quit-after-first-frame` (benchmarks only): what
/// the Messages pane's travel costs on the chart page. Once the page's first frame is drawn, the
/// pane opens (as F9 opens it) and messages flow: changes of the chart's votes, each a row of its
/// own, a batch per turn of the main loop, so that the pane shows them as they come.
///
/// - Soak: the log full at its usual size, then N more messages; the resident size after the
///   first and after the rest.
/// - Then the log keeps N rows, which N more messages fill; the resident size before and after.
/// - Travel: the Time slider set (as a screen reader sets it) to rows picked across the N, each
///   timed from the setting to the end of the frame that shows the page there (the window's
///   frame clock's after-paint); a pause before each lets the frame clock start that frame at
///   once.
/// - A drag: the slider moved from its first row to its last in as many steps as a pointer moved
///   end to end in two seconds sends, one a frame, each step timed the same way.
///
/// Prints one line per figure, `NAME key=value …`, and quits.
@MainActor
enum TravelFigures {
    /// N, when the environment asks for the figures.
    static var requestedMessages: Int? {
        guard let text = getenv("TRIAD_TRAVEL_FIGURES").map({ String(cString: $0) }), let count = Int(text), count > 1
        else { return nil }
        return count
    }

    /// Travels timed, and the steps of the drag (two seconds of pointer motion at 120 events a second).
    private static let jumps = 60
    private static let dragSteps = 240
    /// Messages recorded in one turn of the main loop.
    private static let batch = 50

    static func measureAfterFirstFrame(of window: Window, model: ChartModel, messages: Int) {
        var started = false
        window.on(.draw, after: true) { _ in
            guard !started else { return false }
            started = true
            MainLoop.whenIdle { begin(window, model, messages) }
            return false
        }
    }

    private static func begin(_ window: Window, _ model: ChartModel, _ count: Int) {
        guard activateWindowAction("show-messages", of: window), TravelControls.current != nil else {
            return finish(window, ["travel-error reason=the-pane-did-not-open"])
        }
        var lines: [String] = []
        let usual = MessageLog.shared.capacity
        record(usual, model, window) {
            let warm = residentKiB()
            record(count, model, window) {
                lines.append("travel-soak kept=\(usual) flowed=\(count) warm-kib=\(warm) end-kib=\(residentKiB())")
                MessageLog.shared.capacity = count
                let before = residentKiB()
                record(count, model, window) {
                    lines.append("travel-kept messages=\(MessageLog.shared.messages.count) before-kib=\(before) after-kib=\(residentKiB())")
                    travel(window, lines)
                }
            }
        }
    }

    /// Records `count` changes of the votes, `batch` a turn, then runs `done`.
    private static func record(_ count: Int, _ model: ChartModel, _ window: Window, done: @escaping @MainActor () -> Void) {
        var left = count
        func turn() {
            for _ in 0..<min(batch, left) {
                // Each change a row of its own (not merged into a burst), with a value not held before.
                MessageLog.shared.startNewRows()
                serial += 1
                do {
                    try model.setVotes(at: serial % model.poll.count, to: 10 + serial)
                } catch {
                    return finish(window, ["travel-error reason=\(error)"])
                }
            }
            left -= min(batch, left)
            if left == 0 { MainLoop.whenIdle(done) } else { MainLoop.whenIdle(turn) }
        }
        turn()
    }
    private static var serial = 0

    private static func travel(_ window: Window, _ lines: [String]) {
        guard let controls = TravelControls.current else { return finish(window, ["travel-error reason=the-pane-closed"]) }
        let scale: Scale = controls.view.detail("time_scale")
        let count = MessageLog.shared.messages.count
        let frames = NextFrame()
        frames.watch(window)
        // The first move stores what the page has not stored and holds the store, then travels:
        // the timed moves come after it.
        scale.value = Double(count / 2)
        let travelling: @MainActor () -> Bool = { controls.isTravelling }
        waitUntil(window, travelling) {
            // Rows spread over the whole log, in an order that jumps back and forth.
            let targets = (0..<jumps).map { 1 + ($0 * 7919) % (count - 1) }
            let drag = (0..<dragSteps).map { 1 + $0 * (count - 2) / (dragSteps - 1) }
            timed(targets, scale, frames, window, pause: 50) { jumped in
                timed(drag, scale, frames, window, pause: 5) { dragged in
                    finish(window, lines + ["travel-jump us=\(list(jumped))", "travel-drag us=\(list(dragged))"])
                }
            }
        }
    }

    /// Sets the slider to each of `positions` in turn, after `pause` ms, timing each from the
    /// setting to the end of the frame that shows it; fails if the page is not taken there.
    private static func timed(
        _ positions: [Int], _ scale: Scale, _ frames: NextFrame, _ window: Window, pause: UInt32,
        done: @escaping @MainActor ([Int]) -> Void
    ) {
        var spent: [Int] = []
        func step(_ index: Int) {
            guard index < positions.count else { return done(spent) }
            MainLoop.after(milliseconds: pause) {
                let target = positions[index]
                let start = MainLoop.microseconds
                scale.value = Double(target)
                frames.run {
                    spent.append(MainLoop.microseconds - start)
                    let messages = MessageLog.shared.messages
                    guard TravelControls.current?.travel.pointID == messages[target - 1].id else {
                        return finish(window, ["travel-error reason=not-taken-to-row-\(target)"])
                    }
                    step(index + 1)
                }
            }
        }
        step(0)
    }

    private static func waitUntil(_ window: Window, _ condition: @escaping @MainActor () -> Bool, then: @escaping @MainActor () -> Void) {
        var tries = 0
        func check() {
            if condition() { return then() }
            tries += 1
            if tries > 500 { return finish(window, ["travel-error reason=travel-did-not-begin"]) }
            MainLoop.after(milliseconds: 10) { check() }
        }
        check()
    }

    /// The process's resident size, in KiB (/proc/self/statm's second field, in pages).
    private static func residentKiB() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: 128)
        let read = fread(&bytes, 1, bytes.count, file)
        let fields = String(decoding: bytes[..<read], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap {
            Int($0)
        }
        guard fields.count >= 2 else { return 0 }
        return fields[1] * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    private static func list(_ values: [Int]) -> String { values.map(String.init).joined(separator: ",") }

    private static func finish(_ window: Window, _ lines: [String]) {
        for line in lines { print(line) }
        fflush(nil)
        window.application?.quit()
    }
}
