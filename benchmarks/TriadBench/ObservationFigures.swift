import Glibc
import TriadModel

// `triad-bench observe`: seed 004 names two ways for a model to tell of a change, key-value
// observing and notifications, and leaves open which to use. The note's model has one of each:
// `observeText` (an `ObserverList`, which hands each observer the new text) and `.noteChanged`
// on the app's `NotificationHub` (which tells each listener that something changed). This times
// one change of the note's text as the app makes it, with an observer, a listener, both or
// neither, to one receiver and to ten; then the same with a watcher attached as the Messages pane
// attaches its recorder (one that does nothing, so that only the tap is timed); then the registry
// used straight from this module, as an app's own `ObserverList<String>` would be.
//
// Times are the thread's CPU time, not the clock's: on a machine shared with other work, time
// spent waiting for a processor is not the code's cost.

/// Counts deliveries, so that the compiler cannot drop the work being timed.
@MainActor
private final class Sink {
    var count = 0
}

/// A watcher that is told of everything and does nothing with it.
@MainActor
private final class SilentWatcher: ObservationWatcher {
    func notifying(_ name: String, observers: Int, at line: CodeLine) {}
    func posting(_ name: String, listeners: Int, at line: CodeLine) {}
    func changing(_ name: String, to value: String, bindings: Int, boundAt line: CodeLine) {}
}

/// The CPU time this thread has used, in seconds.
private func threadTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Nanoseconds of CPU per change for `body` run `changes` times: the median of `runs` runs.
@MainActor
private func perChange(_ changes: Int, runs: Int = 7, _ body: (Int) -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = threadTime()
        body(changes)
        times.append((threadTime() - start) / Double(changes) * 1e9)
    }
    return median(times)
}

/// The note's model on a store of its own (in memory: a change is not stored until `save`).
@MainActor
private func note(observers: Int, listeners: Int, sink: Sink) throws -> (NoteModel, [ObservationToken]) {
    let hub = NotificationHub()
    let model = NoteModel(store: try Store(inMemory: ()), hub: hub)
    var tokens = (0..<observers).map { _ in model.observeText { _ in sink.count += 1 } }
    tokens += (0..<listeners).map { _ in hub.listen(.noteChanged) { sink.count += 1 } }
    return (model, tokens)
}

@MainActor
func observationFigures(changes: Int = 200_000) throws {
    let sink = Sink()
    let texts = ["a", "b"]
    let silent = SilentWatcher()
    for watched in [false, true] {
        if watched { ObservationTap.add(silent) } else { ObservationTap.remove(silent) }
        for receivers in [1, 10] {
            var figures: [String] = []
            for (name, observers, listeners) in [
                ("neither", 0, 0), ("observer", receivers, 0), ("notification", 0, receivers), ("both", receivers, receivers),
            ] {
                let (model, tokens) = try note(observers: observers, listeners: listeners, sink: sink)
                let time = perChange(changes) { n in
                    for i in 0..<n { model.text = texts[i & 1] }
                }
                figures.append("\(name)=\(nanoseconds(time))")
                withExtendedLifetime(tokens) {}
            }
            print(
                "note-change-ns watched=\(watched) receivers=\(receivers) " + figures.joined(separator: " ")
                    + " changes=\(changes)")
        }
    }
    ObservationTap.remove(silent)

    // The registry used from another module: its generic code runs unspecialised here.
    for receivers in [1, 10] {
        let closures: [(String) -> Void] = (0..<receivers).map { _ in { _ in sink.count += 1 } }
        let closure = perChange(changes) { n in
            for i in 0..<n { for handler in closures { handler(texts[i & 1]) } }
        }
        let observers = ObserverList<String>(name: "text")
        let tokens = (0..<receivers).map { _ in observers.add { _ in sink.count += 1 } }
        let observe = perChange(changes) { n in
            for i in 0..<n { observers.notify(texts[i & 1]) }
        }
        withExtendedLifetime(tokens) {}
        print(
            "registry-from-another-module-ns receivers=\(receivers) closure-call=\(nanoseconds(closure)) "
                + "observer-list=\(nanoseconds(observe)) changes=\(changes) deliveries=\(sink.count)")
    }
}

private func nanoseconds(_ value: Double) -> String { String((value * 10).rounded() / 10) }
