import XCTest

@testable import TriadModel

/// ObservationTap.swift: the one watcher of the model's observer registry hears each observer
/// call, notification and observable change, with the line that sent it; with no watcher, the
/// observers are told all the same.
final class ObservationTapTests: XCTestCase {
    @MainActor private final class Listener: ObservationWatcher {
        var heard: [String] = []
        func notifying(_ name: String, observers: Int, at line: CodeLine) {
            heard.append("\(name) → \(observers) at \(line.fileID):\(line.line)")
        }
        func posting(_ name: String, listeners: Int, at line: CodeLine) { heard.append("post \(name) to \(listeners)") }
        func changing(_ name: String, to value: String, bindings: Int, boundAt line: CodeLine) { heard.append("\(name) = \(value)") }
    }

    func testTheWatcherHearsEachChangeAndTheObserversAreToldAllTheSame() {
        MainActor.assumeIsolated {
            let list = ObserverList<String>(name: "note.text")
            var seen: [String] = []
            let token = list.add { seen.append($0) }
            list.notify("a")
            let listener = Listener()
            ObservationTap.add(listener)
            defer { ObservationTap.remove(listener) }
            let line = #line + 1
            list.notify("b")
            XCTAssertEqual(seen, ["a", "b"], "observers are told with or without a watcher")
            XCTAssertEqual(listener.heard, ["note.text → 1 at TriadModelTests/ObservationTapTests.swift:\(line)"])
            token.cancel()
            list.notify("c")
            XCTAssertEqual(listener.heard.count, 1, "no observer: nothing to tell")

            let hub = NotificationHub()
            let listening = hub.listen(.noteChanged) { seen.append("posted") }
            hub.post(.noteChanged)
            XCTAssertEqual(listener.heard.last, "post noteChanged to 1")
            XCTAssertEqual(seen.last, "posted")
            withExtendedLifetime(listening) {}

            let sum = Observable("–", name: "sum")
            let binding = sum.bind { seen.append("sum \($0)") }
            sum.value = "42"
            XCTAssertEqual(listener.heard.last, "sum = \"42\"")
            XCTAssertEqual(seen.last, "sum 42")
            withExtendedLifetime(binding) {}
        }
    }
}
