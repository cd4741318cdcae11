import GtkKit
import TriadModel

/// The model's delays (TriadModel's `Scheduler`: the note's pause before a save, a failed save's
/// next try) are the main loop's timers, as every timer of the app is.
@MainActor
final class MainLoopScheduler: Scheduler {
    func schedule(after milliseconds: UInt32, _ work: @escaping @Sendable @MainActor () -> Void) -> ScheduledWork {
        let source = MainLoop.after(milliseconds: milliseconds, work)
        return ScheduledWork { source.cancel() }
    }
}
