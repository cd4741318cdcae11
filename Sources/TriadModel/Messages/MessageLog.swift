import CGLib
import Glibc
import Synchronization

// The Messages pane's recorder: the messages that pass between view, controller and model (and
// presenter, data source, store), by channel, as they happen. UI-free; the pane reads it.
//
// Nothing in the lessons calls it. The app's Messages pane does, from the two hooks every message
// passes (GtkKit's watcher, for signals and bindings; the model's observation tap, for observers
// and notifications) and from the stand-ins it puts in place of the lessons' delegates, views,
// models and services while it is open (Sources/Triad/Messages/Seam/). It records only while the
// pane is open: every recording point first reads one atomic flag, and the message's text is an
// autoclosure, built only then. Closing the pane drops what was recorded.

/// The recorder behind the Messages pane: every message between view, controller and model, as
/// it happens, while the pane is open.
public final class MessageLog: Sendable {
    /// The one log the app's recording points write to.
    public static let shared = MessageLog()
    /// At most this many rows are kept (the oldest go first).
    public static let capacity = 2000

    /// Finds the line of a receiving method: its type's name and the method's name (`#function`),
    /// to the file (module/file, as `#fileID` names it) and line that declare it.
    public typealias Locate = @Sendable (_ type: String, _ member: String) -> (file: String, line: Int)?
    /// What the model holds now, for the state view (called on the main thread only).
    public typealias Snapshot = @MainActor @Sendable () -> [StateEntry]
    /// The shown page's models now, in a form they can be set back to (called on the main thread
    /// only).
    public typealias MomentSnapshot = @MainActor @Sendable () -> PageMoment?

    private let recording = Atomic<Bool>(false)
    /// Set while the pane reads the model's state on the main thread: what that reading calls (a
    /// recording model's `total()`) is not a message anyone sent.
    private let pausedForReading = Atomic<Bool>(false)
    private let state = Mutex(State())

    private struct State {
        var messages: [LoggedMessage] = []
        var changed: (@Sendable () -> Void)?
        var locate: Locate?
        var snapshot: Snapshot?
        var moment: MomentSnapshot?
        var serial = 0
        /// The last id given to a message.
        var lastID = 0
        /// Repeats merge only into rows with this id or a later one.
        var mergeFloor = 0
        /// A run of messages repeating in a cycle (each keystroke in the note sends the same five):
        /// its length and the position the next message should have in it.
        var cycle: (length: Int, next: Int)?
        /// At most this many rows are kept.
        var capacity = MessageLog.capacity
    }

    /// A log of its own, not recording (the tests make theirs).
    public init() {}

    /// At most this many rows are kept until recording stops (`make bench` keeps more, to travel
    /// through them).
    public var capacity: Int {
        get { state.withLock { $0.capacity } }
        set { state.withLock { $0.capacity = max(1, newValue) } }
    }

    /// Whether the log records now: the pane is open.
    public var isRecording: Bool { recording.load(ordering: .relaxed) }

    /// Starts recording; `changed` is called (on the recording thread) after each new or merged
    /// row. `locate` turns a receiver's method into its line; `snapshot`, if given, is asked for
    /// the model's state as each message is recorded.
    public func start(
        locate: Locate? = nil, snapshot: Snapshot? = nil, moment: MomentSnapshot? = nil, changed: @escaping @Sendable () -> Void
    ) {
        state.withLock {
            $0.changed = changed
            $0.locate = locate
            $0.snapshot = snapshot
            $0.moment = moment
        }
        recording.store(true, ordering: .releasing)
    }

    /// Stops recording and forgets every message.
    public func stop() {
        recording.store(false, ordering: .releasing)
        // The serial goes on counting: a reader must never take new rows for the old ones.
        state.withLock { $0 = State(serial: $0.serial + 1) }
    }

    /// Forgets the messages recorded so far, and goes on recording.
    public func clear() { state.withLock { ($0.messages, $0.serial) = ([], $0.serial + 1) } }

    /// From now on a message never merges into a row recorded before: what comes next has rows
    /// of its own, so that they can be told apart from (and kept when dropping) the rows before.
    public func startNewRows() {
        state.withLock {
            $0.mergeFloor = $0.lastID + 1
            $0.cycle = nil
        }
    }

    /// Forgets the messages `drop` chooses, and goes on recording.
    public func dropMessages(where drop: (LoggedMessage) -> Bool) {
        let changed = state.withLock { state -> (@Sendable () -> Void)? in
            state.messages.removeAll(where: drop)
            state.cycle = nil
            state.serial += 1
            return state.changed
        }
        changed?()
    }

    /// Puts `messages` in the log's place (an opened session, shown in the pane) and answers the
    /// rows that were there; ids given from now on stay above every id either holds.
    public func swapMessages(_ messages: [LoggedMessage]) -> [LoggedMessage] {
        let (old, changed) = state.withLock { state -> ([LoggedMessage], (@Sendable () -> Void)?) in
            let old = state.messages
            (state.messages, state.cycle, state.serial) = (messages, nil, state.serial + 1)
            state.lastID = max(state.lastID, messages.last?.id ?? 0)
            state.mergeFloor = state.lastID + 1
            return (old, state.changed)
        }
        changed?()
        return old
    }

    /// The messages recorded, oldest first.
    public var messages: [LoggedMessage] { state.withLock { $0.messages } }

    /// Counts every change of the rows (an append, a merge, a drop, a clear) for a reader to see.
    public var serial: Int { state.withLock { $0.serial } }
    /// The messages and the serial they are at, read together.
    public var messagesAndSerial: (messages: [LoggedMessage], serial: Int) { state.withLock { ($0.messages, $0.serial) } }

    /// Records one message, pointing at the line that sent it, if the pane is open: `member` is
    /// the method it calls (a target-action connection's), `audience` how many it reached (an
    /// observer list's, a notification's listeners).
    @inline(__always)
    public func record(
        _ from: MessageRole, _ to: MessageRole, _ channel: MessageChannel, _ text: @autoclosure () -> String,
        file: String = #fileID, line: Int = #line, member: String? = nil, audience: Int? = nil
    ) {
        guard isRecording else { return }
        append(
            LoggedMessage(
                from: from, to: to, channel: channel, text: text(), file: file, line: line, side: .sender, count: 1, member: member,
                audience: audience))
    }

    /// Records one message, pointing at the method that receives it (`member` is its `#function`),
    /// if the pane is open, with the values it carried if Copy as Test needs them.
    @inline(__always)
    public func record(
        _ from: MessageRole, _ to: MessageRole, _ channel: MessageChannel, _ text: @autoclosure () -> String,
        receiver: Any.Type, member: String, arguments: @autoclosure () -> [String]? = nil
    ) {
        guard isRecording else { return }
        let (file, line) = located(receiver, member)
        var message = LoggedMessage(
            from: from, to: to, channel: channel, text: text(), file: file, line: line, side: .receiver, count: 1,
            member: "\(String(describing: receiver)).\(member)")
        message.arguments = arguments()
        append(message)
    }

    /// A data source question for one row, pointing at the method that answers it: consecutive
    /// questions merge into "rows a–b of n".
    @inline(__always)
    public func recordRowQuestion(_ row: Int, of total: Int, receiver: Any.Type, member: String) {
        guard isRecording else { return }
        let (file, line) = located(receiver, member)
        append(
            LoggedMessage(
                from: .view, to: .dataSource, channel: .dataSource, text: Self.rowsText(row...row, total),
                file: file, line: line, side: .receiver, count: 1, member: "\(String(describing: receiver)).\(member)", rows: row...row,
                rowTotal: total))
    }

    private func located(_ type: Any.Type, _ member: String) -> (String, Int) {
        let name = String(describing: type)
        let locate = state.withLock { $0.locate }
        if let found = locate?(name, member) { return (found.file, found.line) }
        return ("\(name).\(member)", 0)
    }

    /// Runs `read` on the main thread with recording paused, for the pane to read the model's
    /// state: a recording model's methods would otherwise record their own reading.
    @MainActor public func readingState<T>(_ read: () -> T) -> T {
        pausedForReading.store(true, ordering: .relaxed)
        defer { pausedForReading.store(false, ordering: .relaxed) }
        return read()
    }

    private func append(_ incoming: LoggedMessage) {
        let onMainThread = g_main_context_is_owner(g_main_context_default()) != 0
        if onMainThread && pausedForReading.load(ordering: .relaxed) { return }
        var message = incoming
        message.sentAt = Int64(g_get_monotonic_time())
        // The model lives on the main loop: its state is read only on the thread that runs it. A
        // table's row questions change nothing, and come by the hundred as it scrolls.
        if message.channel != .dataSource, onMainThread {
            let (snapshot, moment) = state.withLock { ($0.snapshot, $0.moment) }
            if let snapshot { message.state = MainActor.assumeIsolated { readingState(snapshot) } }
            if let moment { message.moment = MainActor.assumeIsolated { readingState(moment) } }
        }
        let changed = state.withLock { state -> (@Sendable () -> Void)? in
            state.serial += 1
            if let index = Self.repeatIndex(of: message, in: &state) {
                state.messages[index].merge(message)
            } else {
                state.cycle = nil
                state.lastID += 1
                message.id = state.lastID
                state.messages.append(message)
                if state.messages.count > state.capacity { state.messages.removeFirst(state.messages.count - state.capacity) }
            }
            return state.changed
        }
        changed?()
    }

    /// The row `message` repeats, if it continues a burst: the next one of the cycle under way,
    /// or the start of a new cycle among the last few rows (the last row itself: a plain repeat).
    private static func repeatIndex(of message: LoggedMessage, in state: inout State) -> Int? {
        let rows = state.messages
        let key = message.key
        let mergeFloor = state.mergeFloor
        func recent(_ index: Int) -> Bool { message.sentAt - rows[index].sentAt < burstMicroseconds && rows[index].id >= mergeFloor }
        if let cycle = state.cycle {
            let index = rows.count - cycle.length + cycle.next
            if index >= 0, index < rows.count, rows[index].key == key, recent(index) {
                state.cycle = (cycle.length, (cycle.next + 1) % cycle.length)
                return index
            }
        }
        for length in stride(from: 1, through: min(longestCycle, rows.count), by: 1) {
            let index = rows.count - length
            // A cycle starts where a person acts, at a message the view sends. One that starts
            // anywhere else merges a consequence into the row of an earlier cause: the observers
            // told of an undo would join the change's row, above the undo that made them.
            if length > 1 && rows[index].from != .view { continue }
            if rows[index].key == key && recent(index) {
                state.cycle = (length, 1 % length)
                return index
            }
        }
        return nil
    }
}
