import GtkKit
import TriadModel

/// The chart's model as its controllers are given it, able to show them a recorded poll: while
/// the page is in the past, `poll` answers the recorded one and every observer is told of it as
/// of any change, while the chart's own model (which stores itself after each change) stays at
/// the present. A change asked for in the past waits for the learner's word (TravelControls):
/// then the model is brought to the recorded poll and the change made on it, one undo step.
@MainActor
final class ChartModelTraveller: ChartModelProtocol {
    private let model: any ChartModelProtocol
    /// The poll shown in the past; nil in the present.
    private var travelled: Poll?
    /// Every observer given to the model, for telling them of a recorded poll; an observer goes
    /// when its token does.
    private var observers: [(token: WeakToken, handler: (ChartUpdate) -> Void)] = []

    init(_ model: any ChartModelProtocol) { self.model = model }

    /// The poll the chart's own model holds, whatever is shown.
    var presentPoll: Poll { model.poll }

    var poll: Poll { travelled ?? model.poll }

    func observe(_ handler: @escaping (ChartUpdate) -> Void) -> ObservationToken {
        let token = model.observe(handler)
        observers.removeAll { $0.token.value == nil }
        observers.append((WeakToken(token), handler))
        return token
    }

    /// Shows `poll` to every observer (nil: the model's own, the present), as a change of the
    /// model tells them.
    func show(_ poll: Poll?) {
        travelled = poll
        let update = PageMoment.chartUpdate(showing: poll ?? model.poll)
        observers.removeAll { $0.token.value == nil }
        for observer in observers { observer.handler(update) }
    }

    // MARK: Changes

    /// Runs `change` on the model in the present. In the past it is first tried on a copy of the
    /// recorded poll, so that a change the rules refuse is refused now, as it would be; one they
    /// take waits for the learner's word, and then starts a new present from the recorded poll.
    private func change<T>(_ change: @escaping (any ChartModelProtocol) throws(ChartError) -> T) throws(ChartError) -> T {
        guard let travelled else { return try change(model) }
        let tried: Result<T, ChartError> = MessageLog.shared.readingState {
            let copy = ChartModel(store: Self.scratchStore)
            Self.bring(copy, to: travelled)
            do throws(ChartError) {
                return .success(try change(copy))
            } catch {
                return .failure(error)
            }
        }
        let answer = try tried.get()
        let newPresent: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            self.travelled = nil
            let model = self.model
            MessageLog.shared.readingState {
                model.beginChangeGroup()
                Self.bring(model, to: travelled)
            }
            _ = try? change(model)
            MessageLog.shared.readingState { model.endChangeGroup() }
        }
        if let controls = TravelControls.current { controls.changeInPast(newPresent) } else { newPresent() }
        return answer
    }

    /// A store in memory for the copies changes are tried on: it is never the file.
    private static let scratchStore: Store = {
        guard let store = try? Store(inMemory: ()) else { fatalError("cannot make an in-memory SQLite database") }
        return store
    }()

    /// Brings `model` to `target` by the model's own changes: options added or removed at the
    /// end, names (through names no option has, so that two can trade theirs), then votes.
    static func bring(_ model: any ChartModelProtocol, to target: Poll) {
        guard model.poll != target else { return }
        while model.poll.count > target.count, (try? model.removeOption(at: model.poll.count - 1)) != nil {}
        while model.poll.count < target.count, (try? model.addOption()) != nil {}
        let rows = model.poll.options.indices.filter { $0 < target.count && model.poll.options[$0].name != target.options[$0].name }
        for row in rows { try? model.rename(at: row, to: "\u{2060}\(row)\u{2060}") }
        for row in rows { try? model.rename(at: row, to: target.options[row].name) }
        for row in model.poll.options.indices where row < target.count && model.poll.options[row].votes != target.options[row].votes {
            try? model.setVotes(at: row, to: target.options[row].votes)
        }
    }

    func setVotes(at row: Int, typed text: String) throws(ChartError) {
        try change { model throws(ChartError) in try model.setVotes(at: row, typed: text) }
    }
    func setVotes(at row: Int, to value: Int) throws(ChartError) {
        try change { model throws(ChartError) in try model.setVotes(at: row, to: value) }
    }
    func adjustVotes(at row: Int, by step: Int) throws(ChartError) {
        try change { model throws(ChartError) in try model.adjustVotes(at: row, by: step) }
    }
    func rename(at row: Int, to text: String) throws(ChartError) {
        try change { model throws(ChartError) in try model.rename(at: row, to: text) }
    }
    @discardableResult func addOption() throws(ChartError) -> Int { try change { model throws(ChartError) in try model.addOption() } }
    func removeOption(at row: Int) throws(ChartError) { try change { model throws(ChartError) in try model.removeOption(at: row) } }
    func paste(_ text: String) throws(ChartError) { try change { model throws(ChartError) in try model.paste(text) } }
    func beginChangeGroup() { model.beginChangeGroup() }
    func endChangeGroup() { model.endChangeGroup() }

    /// In the past there is nothing to undo or redo: the steps are the present's.
    var canUndo: Bool { travelled == nil && model.canUndo }
    var canRedo: Bool { travelled == nil && model.canRedo }
    var undoTitle: String { model.undoTitle }
    var redoTitle: String { model.redoTitle }
    func undo() { if travelled == nil { model.undo() } }
    func redo() { if travelled == nil { model.redo() } }

    var loadProblem: ChartLoadProblem? { model.loadProblem }
    var saveAnswered: (@MainActor (StoreError?) -> Void)? {
        get { model.saveAnswered }
        set { model.saveAnswered = newValue }
    }
    func saveBeforeClosing(_ done: @escaping @MainActor (StoreError?) -> Void) { model.saveBeforeClosing(done) }
}

/// An observation token held without keeping it alive.
@MainActor
private final class WeakToken {
    weak var value: ObservationToken?
    init(_ value: ObservationToken) { self.value = value }
}
