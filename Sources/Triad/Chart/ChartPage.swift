import GtkKit
import TriadModel

/// The chart page, seed 002's opening example of MVC: one model, a poll, shown at once as a table
/// (ValuesView), a bar chart (BarChartView) and a pie chart (PieChartView). A change made in any
/// view goes to the model through that view's controller, and every view follows because its
/// controller observes the model.
///
/// One controller per view, not one for the page: `ValuesController`, `BarChartController` and
/// `PieChartController` each own their view, hear its events (a cell edited, a bar dragged or
/// moved by a key, the wheel over a slice) as its delegate, call the model through
/// `ChartModelProtocol`, and observe it. None of them knows another view or controller: a view
/// could be taken away, or a fourth added, without a line changed in the others, and the only
/// thing that connects them is the model telling its observers. One controller for the page
/// would have to know all three views and their events, and the views would be tied together
/// through it after all; the lesson is the fan-out, which one controller per view shows.
///
/// The page is the container of the three, as a UIKit parent view controller is: it lays them
/// out, answers the window's Undo and Redo by asking the model (the views never undo anything
/// themselves), exports the chart, and says what the store said. To keep Undo, Redo and the
/// title in step it observes the model too: a fourth observer, which the model knows no more of
/// than of the other three.
@MainActor
final class ChartPage: PageController, Undoing {
    private let builder = Builder(resource: AppInfo.ui("ChartPage.ui"))
    let root: Widget
    let model: any ChartModelProtocol
    let values: ValuesController
    let bars: any BarChartControlling
    let pie: PieChartController
    private let titleLabel: Label
    private let statusLabel: Label
    private let exportButton: Button
    private let window: Window
    private var observation: ObservationToken?
    private lazy var exporter = makeExporter()
    private var showsSaveFailure = false
    var undoStateChanged: (@MainActor () -> Void)?

    /// `bars` makes the bar chart's controller: its own initializer, unless another maker is given.
    init(
        model: any ChartModelProtocol, window: Window,
        bars makeBars: @MainActor (any ChartModelProtocol) -> any BarChartControlling = BarChartController.init
    ) {
        self.model = model
        self.window = window
        values = ValuesController(model: model)
        bars = makeBars(model)
        pie = PieChartController(model: model)
        root = builder.object("root")
        titleLabel = builder.object("title_label")
        statusLabel = builder.object("status_label")
        exportButton = builder.object("export_button")
        builder.object("values_slot", as: Box.self).add(values.view.root)
        builder.object("bars_slot", as: Box.self).add(bars.view.root)
        builder.object("pie_slot", as: Box.self).add(pie.view.root)
        titleLabel.text = model.poll.title
        if let problem = model.loadProblem { showStatus(problem.message) }
        // The Observer pattern, as the three views' controllers use it.
        observation = model.observe { [weak self] update in self?.modelChanged(update) }
        model.saveAnswered = weakly(self, ChartPage.saveAnswered)
        // Target-action: Export… opens the file chooser.
        exportButton.on(.clicked, target: self, action: ChartPage.export)
    }

    var defaultButton: Button? { nil }
    var undoing: Undoing? { self }

    private func modelChanged(_ update: ChartUpdate) {
        if titleLabel.text != update.poll.title { titleLabel.text = update.poll.title }
        undoStateChanged?()
    }

    // MARK: Undoing (the window's Undo and Redo)

    var canUndo: Bool { model.canUndo }
    var canRedo: Bool { model.canRedo }
    var undoTitle: String { model.undoTitle }
    var redoTitle: String { model.redoTitle }

    /// The model takes its last step back and tells every observer: each view follows.
    func undo() { model.undo() }
    func redo() { model.redo() }

    // MARK: Export

    private func export() { exporter.start() }

    private func makeExporter() -> ChartExporter {
        let exporter = ChartExporter(window: window, bars: bars.view, pie: pie.view) { [weak self] in self?.model.poll ?? .example }
        exporter.finished = { [weak self] message, failed in self?.showStatus(message, isError: failed) }
        return exporter
    }

    // MARK: The store

    /// A line under the title: why the stored chart was not used, why a change was not saved, or
    /// what an export did; nil hides it.
    private func showStatus(_ message: String?, isError: Bool = true) {
        statusLabel.showAsStatus(message ?? "", isError: isError)
        statusLabel.isVisible = message != nil
        showsSaveFailure = false
    }

    /// The model saves after each change by itself, and tries again after a failure; a failure
    /// is shown until a save succeeds.
    private func saveAnswered(_ error: StoreError?) {
        guard let error else {
            if showsSaveFailure { showStatus(nil) }
            return
        }
        showStatus(error.explained(L("The chart was not saved; its values are kept and Triad will try again.")))
        showsSaveFailure = true
    }

    /// Closing the window stores the last change first; it stays open, saying why, if that fails.
    func windowShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool {
        closeNowOrLater(after: model.saveBeforeClosing, proceed: proceed)
    }
}
