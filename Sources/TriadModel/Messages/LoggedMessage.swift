/// Who sends or receives a message.
public enum MessageRole: String, Sendable, CaseIterable {
    /// A view: the widgets the user sees and presses.
    case view
    /// A controller, which connects a view to the model in MVC.
    case controller
    /// The model, which holds the data and the rules and knows nothing of the UI.
    case model
    /// A presenter, which drives a passive view in MVP.
    case presenter
    /// A view model, whose properties a view binds to in MVVM.
    case viewModel
    /// A data source, which a list view asks how many rows there are and what each holds.
    case dataSource
    /// The store, where the model's data is saved.
    case store

    /// The role's name as the Messages pane shows it, translated.
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
    /// A control's signal calling the method it was connected to (a button's "clicked").
    case targetAction
    /// A delegate asked whether something should happen, and able to refuse.
    case delegateShould
    /// A delegate told that something is about to happen.
    case delegateWill
    /// A delegate told that something has happened.
    case delegateDid
    /// A delegate handed work to do (`setTotalVal`), not asked should, will or did.
    case delegate
    /// A plain method call from one role to another.
    case call
    /// A list view asking its data source for a count or a row.
    case dataSource
    /// A property's `didSet` reacting to a change.
    case propertyObserver
    /// An observer registered with the model, told of a change.
    case observer
    /// A notification posted by name, heard by whoever listens.
    case notification
    /// A controller or presenter setting what a view shows.
    case viewUpdate
    /// A view model's property pushing its new value to the view bound to it.
    case binding

    /// The channel's name as the Messages pane shows it, translated.
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
    /// The line sent the message.
    case sender
    /// The line received the message.
    case receiver

    /// The side's name as the Messages pane shows it, translated.
    public var title: String {
        switch self {
        case .sender: L("sender")
        case .receiver: L("receiver")
        }
    }
}

/// One recorded message (or a run of merged repeats).
public struct LoggedMessage: Equatable, Sendable {
    /// Who sent the message.
    public let from: MessageRole
    /// Who received it.
    public let to: MessageRole
    /// The way it travelled, which is what the lesson teaches.
    public let channel: MessageChannel
    /// In the code's own words: `setTotalVal("100", "200")`, `rows 0–22 of 1,000,000`.
    public var text: String
    /// The Swift file (as `#fileID` names it: module/file) and line the message points at.
    public let file: String
    /// The line in `file`, counted from one.
    public let line: Int
    /// Whether that line sent the message or received it.
    public let side: CodeSide
    /// How many times it was sent in a row (merged repeats).
    public var count: Int
    /// The member the message reached, as the compiler's map of the code names it
    /// (`AdderViewController.setTotalVal(_:_:)`): the method that received it, or the method a
    /// target-action connection calls; for an observer told, what it observes (`chart.poll`); nil
    /// for a notification or a binding.
    /// The exercises check it, never the text.
    public var member: String? = nil
    /// How many were told at once: the observers of a change, the listeners of a notification.
    public var audience: Int? = nil
    /// What the model held as the message was sent, if the recorder was given a snapshot: what
    /// the message before it left. (The state view shows, for each row, what the next row found.)
    public var state: [StateEntry]?
    /// The page's models as the message found them, in a form they can be set back to (the
    /// pane's travel), if the recorder was given a way to read it; as `state`, the moment after a
    /// message is the one the next message found (a merged row's first sending).
    public var moment: PageMoment?
    /// The values the message carried, as the code passed them (the two texts of `add`, a search
    /// and the number of its request, an answer's request and what it held), for Copy as Test,
    /// which calls the presenter again with them: the text is for reading, and groups its numbers
    /// as the locale does. A merged row keeps its last sending's.
    public var arguments: [String]? = nil
    /// The message's number in its recording, counted from one and not given again while the
    /// recording lasts: a row keeps it as older rows are dropped.
    public internal(set) var id = 0
    /// For data source questions: the rows asked for in this run.
    var rows: ClosedRange<Int>?
    var rowTotal: Int?
    /// When it was last sent (GLib's monotonic clock, µs).
    var sentAt: Int64 = 0

    /// Messages with the same key are the same message sent again.
    var key: String { "\(from.rawValue)|\(to.rawValue)|\(channel.rawValue)|\(file):\(line)" }

    /// The file and line together (`triad/AdderView.swift:42`), as the source window opens them.
    public var source: String { "\(file):\(line)" }

    mutating func merge(_ repeat: LoggedMessage) {
        count += 1
        sentAt = `repeat`.sentAt
        state = `repeat`.state
        arguments = `repeat`.arguments
        // The moment stays the one the first sending found: the moment right after the row
        // before is the models before this row's first sending, whatever its repeats did.
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
    /// The property's path in the model: `adder.first`.
    public let name: String
    /// Its value, written as the state view shows it.
    public let value: String

    /// An entry for the property `name` holding `value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

// How the log merges rows: which repeats merge, and what a merged run of row questions says.
extension MessageLog {
    /// Repeats merge only while they come quickly (a burst of typing or scrolling), so separate
    /// actions keep rows of their own.
    static let burstMicroseconds: Int64 = 2_000_000
    /// The longest cycle of messages that merges.
    static let longestCycle = 8

    static func rowsText(_ rows: ClosedRange<Int>, _ total: Int) -> String {
        rows.count == 1
            ? "row \(formattedCount(rows.lowerBound)) of \(formattedCount(total))"
            : "rows \(formattedCount(rows.lowerBound))–\(formattedCount(rows.upperBound)) of \(formattedCount(total))"
    }
}
