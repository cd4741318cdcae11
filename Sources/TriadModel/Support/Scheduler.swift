/// Later work for the model's policies that wait: the note stored once the typing pauses, a
/// failed save tried again a while later. The model decides what waits and for how long; whoever
/// makes the model says what a delay is. The app hands in the main loop's timers
/// (Sources/Triad/Shell/MainLoopScheduler.swift), so the model never imports the toolkit that
/// owns them; a test hands in a ``ManualClock`` and moves it by hand.
@MainActor
public protocol Scheduler: AnyObject {
    /// Runs `work` once, `milliseconds` from now, unless the answer is cancelled first.
    func schedule(after milliseconds: UInt32, _ work: @escaping @Sendable @MainActor () -> Void) -> ScheduledWork
}

/// Work a ``Scheduler`` holds for later; once cancelled, it never runs.
@MainActor
public struct ScheduledWork {
    private let cancelling: @MainActor () -> Void

    /// Work that `cancel` calls off.
    public init(cancel: @escaping @MainActor () -> Void) { cancelling = cancel }

    /// Calls the work off, if it has not run yet.
    public func cancel() { cancelling() }
}

/// A ``Scheduler`` whose time moves only when told: nothing runs until `advance(by:)` reaches it.
/// The models' default, for what has no main loop (the command-line tools, the tests that do
/// not look at the policies): there, nothing of the model runs later by itself. A test moves it
/// to see what a policy does after a pause.
@MainActor
public final class ManualClock: Scheduler {
    private struct Entry {
        let id: Int
        let due: UInt64
        let work: @Sendable @MainActor () -> Void
    }

    /// Milliseconds since the clock was made.
    public private(set) var now: UInt64 = 0
    private var entries: [Entry] = []
    private var lastID = 0

    /// A clock at 0 with nothing scheduled.
    public init() {}

    public func schedule(after milliseconds: UInt32, _ work: @escaping @Sendable @MainActor () -> Void) -> ScheduledWork {
        lastID += 1
        let id = lastID
        entries.append(Entry(id: id, due: now + UInt64(milliseconds), work: work))
        return ScheduledWork { [weak self] in self?.entries.removeAll { $0.id == id } }
    }

    /// How many pieces of work wait.
    public var waiting: Int { entries.count }

    /// Moves the time on by `milliseconds`, running each piece of work that falls due on the way,
    /// in the order of their times (and, at one time, of their scheduling); work scheduled by
    /// work that ran runs too if it falls due before the end.
    public func advance(by milliseconds: UInt32) {
        let end = now + UInt64(milliseconds)
        while let next = entries.filter({ $0.due <= end }).min(by: { ($0.due, $0.id) < ($1.due, $1.id) }) {
            entries.removeAll { $0.id == next.id }
            now = next.due
            next.work()
        }
        now = end
    }
}

/// One piece of later work at a time on a ``Scheduler``: scheduling again replaces the work that
/// waits and starts its delay afresh, as a debouncer does.
@MainActor
final class Delay {
    private let milliseconds: UInt32
    private let scheduler: any Scheduler
    private var pending: ScheduledWork?

    init(milliseconds: UInt32, on scheduler: any Scheduler) {
        self.milliseconds = milliseconds
        self.scheduler = scheduler
    }

    /// Whether work waits.
    var isWaiting: Bool { pending != nil }

    /// Runs `work` once the delay has passed, in place of any work that waits.
    func schedule(_ work: @escaping @Sendable @MainActor () -> Void) {
        pending?.cancel()
        pending = scheduler.schedule(after: milliseconds) { [weak self] in
            self?.pending = nil
            work()
        }
    }

    /// Drops the work that waits.
    func cancel() {
        pending?.cancel()
        pending = nil
    }
}
