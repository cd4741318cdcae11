import CGtk
import XCTest

@testable import GtkKit

/// NextFrame.swift: work waits for the frame that draws what changed, not for the next idle moment.
final class NextFrameTests: DisplayTestCase {
    /// Right after a frame, the next one waits for its turn: an idle callback queued meanwhile
    /// runs before it, and the work after it.
    func testWorkRunsAfterTheFrameThatDrawsTheChangeNotAtTheNextIdle() {
        MainActor.assumeIsolated {
            let window = Owned(window: Window(title: "frames", width: 200, height: 80))
            let label: Label = made(gtk_label_new("before"))
            window.object.add(label)
            window.object.showAll()
            var order: [String] = []
            var drawn = 0
            label.on(.draw, after: true) { _ in
                drawn += 1
                order.append("drawn")
                return false
            }
            MainLoop.drain(until: { drawn > 0 }, timeoutSeconds: 5)
            XCTAssertGreaterThan(drawn, 0, "the window was never drawn")
            // A frame was just drawn: the change waits for the next one.
            order = []
            label.text = "after"
            let frames = NextFrame()
            frames.watch(label)
            frames.run { order.append("work") }
            MainLoop.hop { order.append("idle") }
            MainLoop.drain(until: { order.contains("work") }, timeoutSeconds: 5)
            XCTAssertEqual(order, ["idle", "drawn", "work"], "the work ran before the frame that drew the change")
        }
    }

    /// With no widget, or a widget that is gone, the work still runs (at the next idle moment).
    func testWorkRunsWhenTheWidgetIsGone() {
        MainActor.assumeIsolated {
            var runs = 0
            let frames = NextFrame()
            frames.run { runs += 1 }
            do {
                let window = Owned(window: Window(title: "gone", width: 100, height: 40))
                frames.watch(window.object)
            }
            frames.run { runs += 1 }
            MainLoop.drain(until: { runs == 2 }, timeoutSeconds: 2)
            XCTAssertEqual(runs, 2)
        }
    }
}
