import GtkKit
import TriadModel

/// The bar above the pages while the shown page has a mistake switched on: which one, a button
/// that switches it off, and for work on the main thread the stall meter, which counts the frames
/// the window missed while the main loop was busy. Made the first time a mistake is chosen;
/// nothing of it runs while none is.
@MainActor
final class MistakeBar: LearningTool {
    let bar: InfoBar
    private let label = Label()
    private let meterRow = Box(vertical: false, spacing: 12)
    private let meter = LevelBar()
    private let missedLabel = Label()
    private let stalls = StallMeter()
    /// Told when the learner presses Switch Off.
    var onSwitchOff: (@MainActor () -> Void)?

    init() {
        label.wrap()
        label.horizontalAlignment = 0
        label.accessibleName = L("Mistake switched on")
        meter.accessibleName = L("Stall meter")
        meter.expandsHorizontally = true
        missedLabel.accessibleName = L("Frames missed")
        missedLabel.horizontalAlignment = 0
        meterRow.add(missedLabel)
        meterRow.add(meter)
        let content = Box(vertical: true, spacing: 6)
        content.add(label)
        content.add(meterRow)
        content.expandsHorizontally = true
        bar = InfoBar(warning: content, closable: false)
        bar.addButton(L("_Switch Off"), response: .reject)
        bar.showAll()
        bar.on(.response, target: self, action: MistakeBar.answered)
        stalls.changed = weakly(self, MistakeBar.showStalls)
    }

    /// Shows `mistakes` (the shown page's chosen ones), or hides the bar when there are none.
    func show(_ mistakes: [Mistake]) {
        bar.isVisible = !mistakes.isEmpty
        label.text = mistakes.map { L("Mistake on: {title}.").filling(["title": $0.title]) }.joined(separator: " ")
        let measuring = mistakes.contains { $0.id == .workOnMainThread }
        meterRow.isVisible = measuring
        if measuring { stalls.start() } else { stalls.stop() }
        showStalls()
    }

    private func showStalls() {
        missedLabel.text = L("Frames missed: {count}; the longest stall {milliseconds} ms").filling([
            "count": formattedCount(stalls.missed), "milliseconds": formattedCount(stalls.longest / 1000),
        ])
        meter.value = min(1, Double(stalls.last) / 1_000_000)
    }

    private func answered(_ response: Response) {
        if response == .reject { onSwitchOff?() }
    }
}

/// Counts the frames the main loop missed: a timer asks to run once a frame, and a run that comes
/// late by more than a frame means the window could not draw meanwhile.
@MainActor
final class StallMeter {
    /// Frames missed since it started, the longest stall and the last one (microseconds).
    private(set) var missed = 0
    private(set) var longest = 0
    private(set) var last = 0
    var changed: (@MainActor () -> Void)?
    private var timer: MainLoopSource?
    private var previous = 0
    /// A frame at sixty frames a second, the refresh of most displays.
    private static let frame = 16_667

    func start() {
        guard timer == nil else { return }
        previous = MainLoop.microseconds
        timer = MainLoop.every(milliseconds: UInt32(Self.frame / 1000)) { [weak self] in self?.tick() }
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }

    private func tick() {
        let now = MainLoop.microseconds
        let gap = now - previous
        previous = now
        guard gap >= 2 * Self.frame else { return }
        missed += gap / Self.frame - 1
        last = gap
        longest = max(longest, gap)
        changed?()
    }
}
