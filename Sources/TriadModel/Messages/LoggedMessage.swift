/// Who sends or receives a message.
public enum MessageRole: String, Sendable, CaseIterable {
    case view, controller, model, presenter, viewModel, dataSource, store

    public var title: String {
        switch self {
        case .view: L("View")
        case .controller: L("Controller")
        case .model: L("Model")
        case .presenter: L("Presenter")
        case .viewModel: L("View model")
        case .dataSource: L("Data source")
        case .store: L("Store")
        }
    }

    /// The participant's name in a Mermaid diagram (no spaces).
    var mermaidName: String {
        switch self {
        case .dataSource: "DataSource"
        case .viewModel: "ViewModel"
        default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }
}

/// The channel a message travels by, as the tutorials name them.
public enum MessageChannel: String, Sendable, CaseIterable {
    case targetAction, delegateShould, delegateWill, delegateDid, delegate, call, dataSource, propertyObserver,
         observer, notification, viewUpdate, binding

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
        case .binding: L("binding")
        }
    }
}

/// Whose line of code a message points at: the line that sent it (a target-action connection, a
/// notification posted), or the method that received it (a delegate method, a model method).
public enum CodeSide: String, Sendable {
    case sender, receiver

    public var title: String {
        switch self {
        case .sender: L("sender")
        case .receiver: L("receiver")
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
    /// The Swift file (as `#fileID` names it: module/file) and line the message points at.
    public let file: String
    public let line: Int
    /// Whether that line sent the message or received it.
    public let side: CodeSide
    /// How many times it was sent in a row (merged repeats).
    public var count: Int
    /// What the model held as the message was sent, if the recorder was given a snapshot: what
    /// the message before it left. (The state view shows, for each row, what the next row found.)
    public var state: [StateEntry]?
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
        state = `repeat`.state
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

/// One line of the model's state as the state view shows it: "adder.first = 100".
public struct StateEntry: Equatable, Sendable {
    public let name: String
    public let value: String
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
