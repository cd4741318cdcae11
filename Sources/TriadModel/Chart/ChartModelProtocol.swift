/// What the chart page's controllers ask of the model: the poll, each change a view can start,
/// undo and redo, and the saves. A protocol, as `AdderModelProtocol` is for the adder, so that
/// another object can stand in for the model: a test's mock, or the Messages pane's recorder,
/// which passes each call on to the model it stands in for.
@MainActor
public protocol ChartModelProtocol: AnyObject {
    /// The poll as it is now.
    var poll: Poll { get }
    /// Registers an observer, told once per change (see `ChartModel.observe`).
    func observe(_ handler: @escaping (ChartUpdate) -> Void) -> ObservationToken

    func setVotes(at row: Int, typed text: String) throws(ChartError)
    func setVotes(at row: Int, to value: Int) throws(ChartError)
    func adjustVotes(at row: Int, by step: Int) throws(ChartError)
    func rename(at row: Int, to text: String) throws(ChartError)
    @discardableResult func addOption() throws(ChartError) -> Int
    func removeOption(at row: Int) throws(ChartError)
    func moveOption(from: Int, to: Int) throws(ChartError)
    func paste(_ text: String, mode: ChartPasteMode) throws(ChartError)
    func setTitle(_ text: String) throws(ChartError)

    var canUndo: Bool { get }
    var canRedo: Bool { get }
    var undoTitle: String { get }
    var redoTitle: String { get }
    func undo()
    func redo()
    func beginChangeGroup()
    func endChangeGroup()

    /// Why the stored chart could not be used, if it could not.
    var loadProblem: ChartLoadProblem? { get }
    var hasUnsavedChanges: Bool { get }
    /// Told the answer of each save; the model saves after each change, and tries again after a
    /// failure, by itself.
    var saveAnswered: (@MainActor (StoreError?) -> Void)? { get set }
    /// Stores the last change before the window closes; nil at once when it is stored already.
    func saveBeforeClosing(_ done: @escaping @MainActor (StoreError?) -> Void)
}

extension ChartModel: ChartModelProtocol {}
