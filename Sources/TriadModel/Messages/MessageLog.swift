import CGLib
import Synchronization

// The Messages pane's recorder: the messages that pass between view, controller and model (and
// presenter, data source, store), by channel, as they happen. UI-free; the pane reads it.
//
// It records only while the pane is open: every recording point first reads one atomic flag,
// and the message's text is an autoclosure, built only then. Closing the pane drops what was
// recorded, so nothing is kept while it is closed.

/// Who sends or receives a message.
public enum MessageRole: String, Sendable, CaseIterable {
    case view, controller, model, presenter, dataSource, store

    public var title: String {
        switch self {
        case .view: L("View")
        case .controller: L("Controller")
        case .model: L("Model")
        case .presenter: L("Presenter")
        case .dataSource: L("Data source")
        case .store: L("Store")
        }
    }

    /// The participant's name in a Mermaid diagram (no spaces).
    var mermaidName: String {
        switch self {
        case .dataSource: "DataSource"
        default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }
}

/// The channel a message travels by, as the tutorials name them.
public enum MessageChannel: String, Sendable, CaseIterable {
    case targetAction, delegateShould, delegateWill, delegateDid, delegate, call, dataSource, propertyObserver,
         observer, notification, viewUpdate

    public var title: String {
        switch self {
        case .targetAction: L("target-action")
        case .delegateShould: L("delegate (should)")
        case .delegateWill: L("delegate (will)")
        case .delegateDid: L("delegate (did)")
        case .delegate: L("delegate")
        case .call: L("method call")
        case .dataSource: L("data source")
        case .propertyObserver: L("property observer (didSet)")
        case .observer: L("observer")
        case .notification: L("notification")
        case .viewUpdate: L("outlet / view update")
        }
    }

}

/// One recorded message (or a run of merged repeats).
public struct LoggedMessage: Equatable, Sendable {
    public let from: MessageRole
    public let to: MessageRole
    public let channel: MessageChannel
    /// In the code's own words: `setTotalVal("100", "200")`, `rows 0–22 of 1,000,000`.
    public var text: String
    /// The Swift file and line that sent it (`#fileID`, `#line`).
    public let file: String
    public let line: Int
    /// How many times it was sent in a row (merged repeats).
    public var count: Int
    /// For data source questions: the rows asked for in this run.
    var rows: ClosedRange<Int>?
    var rowTotal: Int?
    /// When it was last sent (GLib's monotonic clock, µs).
    var sentAt: Int64 = 0

    /// Messages with the same key are the same message sent again.
    var key: String { "\(from.rawValue)|\(to.rawValue)|\(channel.rawValue)|\(file):\(line)" }

    public var source: String { "\(file):\(line)" }

    mutating func merge(_ repeat: LoggedMessage) {
        count += 1
        sentAt = `repeat`.sentAt
        if let rows, let row = `repeat`.rows, let total = `repeat`.rowTotal {
            let merged = min(rows.lowerBound, row.lowerBound)...max(rows.upperBound, row.upperBound)
            self.rows = merged
            rowTotal = total
            text = MessageLog.rowsText(merged, total)
        } else {
            text = `repeat`.text
        }
    }
}

public final class MessageLog: Sendable {
    /// The one log the app's recording points write to.
    public static let shared = MessageLog()
    /// At most this many rows are kept (the oldest go first).
    public static let capacity = 2000

    private let recording = Atomic<Bool>(false)
    private let state = Mutex(State())

    private struct State {
        var messages: [LoggedMessage] = []
        var changed: (@Sendable () -> Void)?
        var serial = 0
        /// A run of messages repeating in a cycle (each keystroke in the note sends the same five):
        /// its length and the position the next message should have in it.
        var cycle: (length: Int, next: Int)?
    }

    /// Repeats merge only while they come quickly (a burst of typing or scrolling), so separate
    /// actions keep rows of their own.
    static let burstMicroseconds: Int64 = 2_000_000
    /// The longest cycle of messages that merges.
    static let longestCycle = 8

    public init() {}

    public var isRecording: Bool { recording.load(ordering: .relaxed) }

    /// Starts recording; `changed` is called (on the recording thread) after each new or merged row.
    public func start(changed: @escaping @Sendable () -> Void) {
        state.withLock { $0.changed = changed }
        recording.store(true, ordering: .releasing)
    }

    /// Stops recording and forgets every message.
    public func stop() {
        recording.store(false, ordering: .releasing)
        state.withLock { $0 = State() }
    }

    public func clear() { state.withLock { $0.messages.removeAll() } }

    public var messages: [LoggedMessage] { state.withLock { $0.messages } }

    /// Counts every append or merge, so a reader can tell whether anything changed.
    public var serial: Int { state.withLock { $0.serial } }

    /// Records one message, if the pane is open.
    @inline(__always)
    public func record(_ from: MessageRole, _ to: MessageRole, _ channel: MessageChannel, _ text: @autoclosure () -> String,
                       file: StaticString = #fileID, line: UInt = #line) {
        guard isRecording else { return }
        append(LoggedMessage(from: from, to: to, channel: channel, text: text(), file: "\(file)", line: Int(line), count: 1))
    }

    /// A data source question for one row: consecutive questions merge into "rows a–b of n".
    @inline(__always)
    public func recordRowQuestion(_ row: Int, of total: Int, file: StaticString = #fileID, line: UInt = #line) {
        guard isRecording else { return }
        var message = LoggedMessage(from: .view, to: .dataSource, channel: .dataSource, text: "", file: "\(file)",
                                    line: Int(line), count: 1, rows: row...row, rowTotal: total)
        message.text = Self.rowsText(row...row, total)
        append(message)
    }

    private func append(_ incoming: LoggedMessage) {
        var message = incoming
        message.sentAt = Int64(g_get_monotonic_time())
        let changed = state.withLock { state -> (@Sendable () -> Void)? in
            state.serial += 1
            if let index = Self.repeatIndex(of: message, in: &state) {
                state.messages[index].merge(message)
            } else {
                state.cycle = nil
                state.messages.append(message)
                if state.messages.count > Self.capacity { state.messages.removeFirst(state.messages.count - Self.capacity) }
            }
            return state.changed
        }
        changed?()
    }

    /// The row `message` repeats, if it continues a burst: the next one of the cycle under way,
    /// or the start of a new cycle among the last few rows (the last row itself: a plain repeat).
    private static func repeatIndex(of message: LoggedMessage, in state: inout State) -> Int? {
        let rows = state.messages, key = message.key
        func recent(_ index: Int) -> Bool { message.sentAt - rows[index].sentAt < burstMicroseconds }
        if let cycle = state.cycle {
            let index = rows.count - cycle.length + cycle.next
            if index >= 0, index < rows.count, rows[index].key == key, recent(index) {
                state.cycle = (cycle.length, (cycle.next + 1) % cycle.length)
                return index
            }
        }
        for length in stride(from: 1, through: min(longestCycle, rows.count), by: 1) {
            let index = rows.count - length
            if rows[index].key == key && recent(index) {
                state.cycle = (length, 1 % length)
                return index
            }
        }
        return nil
    }

    static func rowsText(_ rows: ClosedRange<Int>, _ total: Int) -> String {
        rows.count == 1
            ? "row \(formattedCount(rows.lowerBound)) of \(formattedCount(total))"
            : "rows \(formattedCount(rows.lowerBound))–\(formattedCount(rows.upperBound)) of \(formattedCount(total))"
    }
}

// MARK: Export

extension LoggedMessage {
    /// One line of plain text: `View → Controller  delegate  setTotalVal("100", "200")  Adder/AdderView.swift:57`.
    public var plainText: String {
        "\(from.title) → \(to.title)\t\(channel.title)\t\(text)\(count > 1 ? " (×\(count))" : "")\t\(source)"
    }
}

public enum MessageExport {
    /// The messages as a Mermaid sequence diagram, for a learner's own notes.
    public static func mermaid(_ messages: [LoggedMessage]) -> String {
        var participants: [MessageRole] = []
        for message in messages {
            for role in [message.from, message.to] where !participants.contains(role) { participants.append(role) }
        }
        var lines = ["sequenceDiagram"]
        lines += participants.map { "    participant \($0.mermaidName) as \($0.title)" }
        for message in messages {
            let label = "\(message.text)\(message.count > 1 ? " ×\(message.count)" : "") [\(message.channel.title)]"
            lines.append("    \(message.from.mermaidName)->>\(message.to.mermaidName): \(escaped(label))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func plainText(_ messages: [LoggedMessage]) -> String {
        messages.map(\.plainText).joined(separator: "\n") + (messages.isEmpty ? "" : "\n")
    }

    /// Mermaid ends a message at `;` and reads `#…;` as an entity: both are written as entities.
    private static func escaped(_ text: String) -> String {
        text.map { $0 == "#" ? "#35;" : $0 == ";" ? "#59;" : String($0) }.joined()
    }
}
