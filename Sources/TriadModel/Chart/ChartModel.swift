// The Chart lesson: one model shown three ways at once, a table, a bar chart and a pie chart
// (seed 002's "a batch of statistics shown as a bar chart or as a pie chart"). A view never
// changes another view: each sends what the person did to its controller, the controller asks
// the model, and the model tells every observer, so all three follow the one change.

/// Owns the poll. Every change goes through one of these methods, is checked by the rules
/// (PollRules.swift) and refused with a `ChartError` that changes nothing, or made, registered
/// for undo, told to the observers once, and stored (ChartStorage.swift).
@MainActor
public final class ChartModel {
    /// The poll as it is now.
    public private(set) var poll: Poll
    /// Why the stored chart could not be used, when it could not: the page says so, once.
    public let loadProblem: ChartLoadProblem?

    /// The name of what its observers are told of (the poll), as a watcher of the model sees it.
    nonisolated public static let observed = "chart.poll"
    private let observers = ObserverList<ChartUpdate>(name: observed)
    private var history = ChartHistory()
    private let saver: ChartSaver

    /// How far a key moves a bar: an arrow key a vote, Page Up or Down ten.
    public static let step = 1
    /// How far Page Up or Page Down moves a bar.
    public static let pageStep = 10

    /// Loads the stored chart: the first example when nothing is stored, and the same with
    /// `loadProblem` set when what is stored breaks the rules. A failed save is tried again after
    /// a delay `scheduler` keeps (the app's main loop; without one, at the next change).
    public init(store: Store, scheduler: any Scheduler = ManualClock()) {
        switch ChartStorage.load(from: store.database) {
        case .nothing:
            poll = .example
            loadProblem = nil
        case .poll(let stored):
            poll = stored
            loadProblem = nil
        case .damaged(let problem):
            poll = .example
            loadProblem = problem
        }
        saver = ChartSaver(writes: store.writes, poll: poll, scheduler: scheduler)
    }

    /// The model's observers, each told once per change with the new poll and what changed.
    /// Capture the observing object weakly in `handler`, and keep the token in that object.
    public func observe(_ handler: @escaping (ChartUpdate) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    // MARK: Votes

    /// Votes typed into the table: "12", " ＋１２ ", but not "1.5", "-3" or "3000000000".
    public func setVotes(at row: Int, typed text: String) throws(ChartError) {
        try checkRow(row)
        let votes = try PollRules.votes(typed: text, row: row)
        changeVotes(at: row, to: votes, merge: nil)
    }

    /// Votes from a gesture that can only go too far (a bar dragged past the axis or the top):
    /// brought into 0…`Int32.max`, never refused. Wrap a drag in `beginChangeGroup` and
    /// `endChangeGroup` so that it is undone as one step.
    public func setVotes(at row: Int, to value: Int) throws(ChartError) {
        try checkRow(row)
        changeVotes(at: row, to: PollRules.clamped(value), merge: nil)
    }

    /// Votes moved by `step` (±`step` for the arrow keys and the wheel, ±`pageStep` for Page Up
    /// and Down), stopping at 0 and at `Int32.max`. A run of these on one row is one undo step.
    public func adjustVotes(at row: Int, by step: Int) throws(ChartError) {
        try checkRow(row)
        let current = poll.options[row].votes
        let (sum, overflow) = current.addingReportingOverflow(step)
        // Votes are never negative, so only a step near `Int.max` overflows, and upwards.
        let target = overflow ? Poll.maximumVotes : PollRules.clamped(sum)
        changeVotes(at: row, to: target, merge: .adjusting(row: row))
    }

    private func changeVotes(at row: Int, to votes: Int, merge: ChartHistory.Merge?) {
        var next = poll
        next.options[row].votes = votes
        let name = L("Change {name} to {votes}").filling(["votes": formattedCount(votes)]).filling(["name": poll.options[row].name])
        commit(next, named: name, merge: merge)
    }

    // MARK: Options

    /// Renames row `row`; the name is trimmed, and must be free (ignoring case).
    public func rename(at row: Int, to text: String) throws(ChartError) {
        try checkRow(row)
        let name = try PollRules.name(text, row: row, among: poll.options, replacing: row)
        var next = poll
        next.options[row].name = name
        commit(next, named: L("Rename {name}").filling(["name": poll.options[row].name]))
    }

    /// Adds an option after the others, named "Option N" (the first N from the new row's number
    /// up that no option has), with no votes. Returns its row.
    @discardableResult
    public func addOption() throws(ChartError) -> Int {
        guard poll.count < Poll.maximumOptions else { throw .tooManyOptions }
        var number = poll.count + 1
        while poll.row(named: Self.defaultName(number)) != nil { number += 1 }
        var next = poll
        next.options.append(PollOption(Self.defaultName(number), 0))
        commit(next, named: L("Add {name}").filling(["name": Self.defaultName(number)]), adding: poll.count)
        return poll.count - 1
    }

    nonisolated static func defaultName(_ number: Int) -> String {
        L("Option {number}").filling(["number": String(number)])
    }

    /// Removes row `row`, unless only two would be left.
    public func removeOption(at row: Int) throws(ChartError) {
        try checkRow(row)
        guard poll.count > Poll.minimumOptions else { throw .tooFewOptions(row: row) }
        var next = poll
        let removed = next.options.remove(at: row)
        commit(next, named: L("Remove {name}").filling(["name": removed.name]))
    }

    /// Lines of "name<TAB>votes", "name,votes" or a bare name (ChartPaste.swift) are added after
    /// the options. One step, however many lines; refused whole at the first line that breaks a
    /// rule.
    public func paste(_ text: String) throws(ChartError) {
        let options = try ChartPaste.options(from: text, after: poll.options)
        let added = options.count - poll.count
        var next = poll
        next.options = options
        let name = LN("Paste {count} Option", "Paste {count} Options", added).filling(["count": formattedCount(added)])
        commit(next, named: name)
    }

    private func checkRow(_ row: Int) throws(ChartError) {
        guard poll.options.indices.contains(row) else { throw .noSuchOption(row: row) }
    }

    // MARK: Undo and redo

    /// Whether there is a step to undo.
    public var canUndo: Bool { history.canUndo }
    /// Whether there is a step to redo.
    public var canRedo: Bool { history.canRedo }
    /// How many steps can be undone and redone.
    public var undoCount: Int { history.undoSteps.count }
    /// How many steps can be redone.
    public var redoCount: Int { history.redoSteps.count }
    /// The name of the step an undo or a redo would take back or make again ("Change Apples to
    /// 12"), nil when there is none.
    public var undoActionName: String? { history.undoSteps.last?.actionName }
    /// The name of the step a redo would make again, nil when there is none.
    public var redoActionName: String? { history.redoSteps.last?.actionName }

    /// The Edit menu's items and their tooltips, as UndoManager's `undoMenuItemTitle` words them:
    /// "Undo Change Apples to 12", or "Undo" alone when there is nothing to undo.
    public var undoTitle: String {
        undoActionName.map { L("Undo {action}").filling(["action": $0]) } ?? L("Undo")
    }
    /// The Edit menu's Redo item: "Redo Change Apples to 12", or "Redo" alone.
    public var redoTitle: String {
        redoActionName.map { L("Redo {action}").filling(["action": $0]) } ?? L("Redo")
    }

    /// Takes the last step back; the observers are told, as of any change.
    public func undo() {
        guard let step = history.undo() else { return }
        poll = step.before
        changed()
    }

    /// Makes the last step undone again.
    public func redo() {
        guard let step = history.redo() else { return }
        poll = step.after
        changed()
    }

    /// Every change until the matching `endChangeGroup` is one undo step (a drag, from press to
    /// release). The observers still hear of each change as it is made.
    public func beginChangeGroup() { history.beginGroup() }
    /// Closes the group `beginChangeGroup` opened; the outermost one makes the undo step.
    public func endChangeGroup() { history.endGroup() }

    // MARK: Making a change

    private func commit(_ next: Poll, named actionName: String, merge: ChartHistory.Merge? = nil, adding row: Int? = nil) {
        guard next != poll else { return }
        history.record(from: poll, to: next, named: actionName, merge: merge)
        poll = next
        changed(adding: row)
    }

    /// The save starts before the observers are told, so that one asking `hasUnsavedChanges`
    /// finds it already true (or, when the write answered at once, false again).
    private func changed(adding row: Int? = nil) {
        saver.changed(to: poll)
        observers.notify(ChartUpdate(poll: poll, addedRow: row))
    }

    // MARK: Saving (ChartSaver.swift)

    /// True when the poll has changed since it was last stored.
    public var hasUnsavedChanges: Bool { saver.hasUnsavedChanges }
    /// Why the last save failed; nil once one succeeds. The poll stays as it was changed, and the
    /// next change (or `save`) tries again.
    public var lastSaveError: StoreError? { saver.lastError }
    /// Told the answer of each save (the page shows a failure until a save succeeds), on the main
    /// loop: those the model starts by itself after a change or a failure, and those asked for.
    public var saveAnswered: (@MainActor (StoreError?) -> Void)? {
        get { saver.answered }
        set { saver.answered = newValue }
    }

    /// Stores the poll if it changed, through the store's write queue (never holding the main
    /// loop); `done` gets nil once it is stored, or the error, after which the model tries again
    /// a while later.
    public func save(_ done: @escaping @MainActor (StoreError?) -> Void = { _ in }) { saver.save(done) }

    /// The window is closing: stores the last change now; nil at once when it is stored already.
    public func saveBeforeClosing(_ done: @escaping @MainActor (StoreError?) -> Void) { saver.saveBeforeClosing(done) }

    /// The last chance at quit, when no main loop runs any more: stores the poll after the
    /// writes already queued, and waits for it.
    public func saveBeforeExit() throws { try saver.saveBeforeExit() }
}
