import GtkKit
import TriadModel

// The stand-ins for the chart page's parts (Recorders.swift says what a stand-in is): the model
// its four controllers call, the table's editing delegate, and the bar and pie views' delegates.

private func record(
    _ from: MessageRole, _ to: MessageRole, _ channel: MessageChannel, _ text: @autoclosure () -> String,
    _ receiver: AnyObject, _ member: String
) {
    MessageLog.shared.record(from, to, channel, text(), receiver: type(of: receiver), member: member)
}

/// The chart's model, as its controllers call it: each change, undo and redo, and each group a
/// drag makes. What they only read (the poll, the titles) is not a message, and passes unrecorded.
@MainActor
final class ChartModelRecorder: ChartModelProtocol {
    let model: any ChartModelProtocol
    init(_ model: any ChartModelProtocol) { self.model = model }

    var poll: Poll { model.poll }
    func observe(_ handler: @escaping (ChartUpdate) -> Void) -> ObservationToken { model.observe(handler) }

    func setVotes(at row: Int, typed text: String) throws(ChartError) {
        record(.controller, .model, .call, "model.setVotes(at: \(row), typed: \(ModelState.quotedPreview(text)))", model, #function)
        try model.setVotes(at: row, typed: text)
    }

    func setVotes(at row: Int, to value: Int) throws(ChartError) {
        record(.controller, .model, .call, "model.setVotes(at: \(row), to: \(value))", model, #function)
        try model.setVotes(at: row, to: value)
    }

    func adjustVotes(at row: Int, by step: Int) throws(ChartError) {
        record(.controller, .model, .call, "model.adjustVotes(at: \(row), by: \(step))", model, #function)
        try model.adjustVotes(at: row, by: step)
    }

    func rename(at row: Int, to text: String) throws(ChartError) {
        record(.controller, .model, .call, "model.rename(at: \(row), to: \(ModelState.quotedPreview(text)))", model, #function)
        try model.rename(at: row, to: text)
    }

    @discardableResult func addOption() throws(ChartError) -> Int {
        record(.controller, .model, .call, "model.addOption()", model, #function)
        return try model.addOption()
    }

    func removeOption(at row: Int) throws(ChartError) {
        record(.controller, .model, .call, "model.removeOption(at: \(row))", model, #function)
        try model.removeOption(at: row)
    }

    func moveOption(from: Int, to: Int) throws(ChartError) {
        record(.controller, .model, .call, "model.moveOption(from: \(from), to: \(to))", model, #function)
        try model.moveOption(from: from, to: to)
    }

    /// The pasted text by its start only: a paste may be a whole spreadsheet column.
    func paste(_ text: String, mode: ChartPasteMode) throws(ChartError) {
        record(.controller, .model, .call, "model.paste(\(ModelState.quotedPreview(text)), mode: .\(mode))", model, #function)
        try model.paste(text, mode: mode)
    }

    func setTitle(_ text: String) throws(ChartError) {
        record(.controller, .model, .call, "model.setTitle(\(ModelState.quotedPreview(text)))", model, #function)
        try model.setTitle(text)
    }

    var canUndo: Bool { model.canUndo }
    var canRedo: Bool { model.canRedo }
    var undoTitle: String { model.undoTitle }
    var redoTitle: String { model.redoTitle }

    func undo() {
        record(.controller, .model, .call, "model.undo()", model, #function)
        model.undo()
    }

    func redo() {
        record(.controller, .model, .call, "model.redo()", model, #function)
        model.redo()
    }

    func beginChangeGroup() {
        record(.controller, .model, .call, "model.beginChangeGroup()", model, #function)
        model.beginChangeGroup()
    }

    func endChangeGroup() {
        record(.controller, .model, .call, "model.endChangeGroup()", model, #function)
        model.endChangeGroup()
    }

    var loadProblem: ChartLoadProblem? { model.loadProblem }
    var hasUnsavedChanges: Bool { model.hasUnsavedChanges }
    var saveAnswered: (@MainActor (StoreError?) -> Void)? {
        get { model.saveAnswered }
        set { model.saveAnswered = newValue }
    }

    func saveBeforeClosing(_ done: @escaping @MainActor (StoreError?) -> Void) {
        record(.controller, .model, .call, "model.saveBeforeClosing()", model, #function)
        model.saveBeforeClosing(done)
    }
}

/// What the table hands its editing delegate: the cell a person edited, and the text.
@MainActor
final class TableEditingDelegateRecorder: TableEditingDelegate {
    let delegate: TableEditingDelegate
    init(_ delegate: TableEditingDelegate) { self.delegate = delegate }

    func table(_ table: Table, didEditRow row: Int, column: Int, text: String) {
        let typed = ModelState.quotedPreview(text)
        record(.view, .controller, .delegate, "table(didEditRow: \(row), column: \(column), text: \(typed))", delegate, #function)
        delegate.table(table, didEditRow: row, column: column, text: text)
    }

    func tableDidRequestPaste(_ table: Table) {
        record(.view, .controller, .delegate, "tableDidRequestPaste()", delegate, #function)
        delegate.tableDidRequestPaste(table)
    }
}

/// What the bar chart tells its delegate, the bar chart's controller.
@MainActor
final class BarChartViewDelegateRecorder: BarChartViewDelegate {
    let delegate: BarChartViewDelegate
    init(_ delegate: BarChartViewDelegate) { self.delegate = delegate }

    func barChart(_ view: BarChartView, didMoveBar row: Int, _ change: RangeChange) {
        record(.view, .controller, .delegate, "barChart(didMoveBar: \(row), .\(change))", delegate, #function)
        delegate.barChart(view, didMoveBar: row, change)
    }

    func barChart(_ view: BarChartView, didBeginDraggingBar row: Int) {
        record(.view, .controller, .delegate, "barChart(didBeginDraggingBar: \(row))", delegate, #function)
        delegate.barChart(view, didBeginDraggingBar: row)
    }

    func barChartDidEndDragging(_ view: BarChartView) {
        record(.view, .controller, .delegate, "barChartDidEndDragging", delegate, #function)
        delegate.barChartDidEndDragging(view)
    }
}

/// What the pie tells its delegate, the pie's controller.
@MainActor
final class PieChartViewDelegateRecorder: PieChartViewDelegate {
    let delegate: PieChartViewDelegate
    init(_ delegate: PieChartViewDelegate) { self.delegate = delegate }

    func pieChart(_ view: PieChartView, didScrollSlice row: Int, by steps: Int) {
        record(.view, .controller, .delegate, "pieChart(didScrollSlice: \(row), by: \(steps))", delegate, #function)
        delegate.pieChart(view, didScrollSlice: row, by: steps)
    }
}
