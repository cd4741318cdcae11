/// What the chart page's views ask of the model, through their controllers: the poll and its
/// changes, each change a view can make, undo and redo (the page's), and the saves (the page's).
/// A protocol, as `AdderModelProtocol` is for the adder, so that a test's mock can stand in for
/// the model.
@MainActor
public protocol ChartModelProtocol: AnyObject {
    /// The poll as it is now.
    var poll: Poll { get }
    /// Registers an observer, told once per change (see `ChartModel.observe`).
    func observe(_ handler: @escaping (ChartUpdate) -> Void) -> ObservationToken

    /// The table: votes as typed in a cell.
    func setVotes(at row: Int, typed text: String) throws(ChartError)
    /// The bar chart: votes where a bar was dragged.
    func setVotes(at row: Int, to value: Int) throws(ChartError)
    /// The bar chart's keys and the pie's wheel: votes moved by a step.
    func adjustVotes(at row: Int, by step: Int) throws(ChartError)
    /// The table: a name typed in a cell.
    func rename(at row: Int, to text: String) throws(ChartError)
    /// The table's Add Option; returns the new row.
    @discardableResult func addOption() throws(ChartError) -> Int
    /// The table's Remove Option.
    func removeOption(at row: Int) throws(ChartError)
    /// The table's Paste: lines of options added after the others.
    func paste(_ text: String) throws(ChartError)
    /// A bar's drag, from press to release, as one undo step: its press begins the group…
    func beginChangeGroup()
    /// …and its release ends it.
    func endChangeGroup()

    /// Whether the page's Undo has a step to take back.
    var canUndo: Bool { get }
    /// Whether the page's Redo has a step to take again.
    var canRedo: Bool { get }
    /// The Undo item's text, naming the step ("Undo Change Apples to 12"), or "Undo" alone.
    var undoTitle: String { get }
    /// The Redo item's text, naming the step, or "Redo" alone.
    var redoTitle: String { get }
    /// The page's Undo: the last step taken back, every view told.
    func undo()
    /// The page's Redo: the last step taken back is taken again.
    func redo()

    /// Why the stored chart could not be used, if it could not.
    var loadProblem: ChartLoadProblem? { get }
    /// Told the answer of each save; the model saves after each change, and tries again after a
    /// failure, by itself.
    var saveAnswered: (@MainActor (StoreError?) -> Void)? { get set }
    /// Stores the last change before the window closes; nil at once when it is stored already.
    func saveBeforeClosing(_ done: @escaping @MainActor (StoreError?) -> Void)
}

extension ChartModel: ChartModelProtocol {}
