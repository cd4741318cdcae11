import GtkKit
import TriadModel

/// What the bar chart tells its controller: a person moved a bar, or pressed on one to drag it
/// and let go. The view never moves a bar itself: it waits to be shown the model's new votes.
@MainActor
protocol BarChartViewDelegate: AnyObject {
    /// Bar `row` was moved: by a step or a page (a key, the wheel), or to a value (the pointer,
    /// Home or End, an assistive technology).
    func barChart(_ view: BarChartView, didMoveBar row: Int, _ change: RangeChange)
    /// The pointer was pressed on bar `row`: what follows until it is released is one drag.
    func barChart(_ view: BarChartView, didBeginDraggingBar row: Int)
    func barChartDidEndDragging(_ view: BarChartView)
}

/// The chart as bars (BarChartView.ui): a column per option, made in code as the options come
/// and go. Each bar is a vertical slider whose filled part is the bar: a screen reader hears its
/// name and value ("Apples, 12") and sets it, the keys move it, and its top is dragged with the
/// pointer. Under each bar its name, above it its votes, so colour is never the only key.
@MainActor
final class BarChartView {
    private let builder = Builder(resource: AppInfo.ui("BarChartView.ui"))
    let root: Widget
    private let barsBox: Box
    private let axisTop: Label
    /// Held weakly, as UIKit holds a delegate.
    weak var delegate: BarChartViewDelegate?
    private(set) var bars: [BarView] = []
    /// True while the view sets the sliders itself: their changes are not the person's.
    private(set) var syncing = false

    /// Up to this many bars are drawn wide; more are narrower, so that twelve fit the window.
    static let roomyBars = 6

    init() {
        root = builder.object("root")
        barsBox = builder.object("bars")
        axisTop = builder.object("axis_top")
    }

    /// Shows `poll` on a scale from 0 to `top` votes. Only what changed is set, so that a change
    /// of one bar redraws that bar.
    func show(_ poll: Poll, top: Int) {
        syncing = true
        defer { syncing = false }
        while bars.count > poll.count { bars.removeLast().remove(from: barsBox) }
        while bars.count < poll.count { bars.append(BarView(row: bars.count, top: top, in: self, box: barsBox)) }
        barsBox.setStyleClass("chart-many-bars", poll.count > Self.roomyBars)
        let topText = formattedCount(top)
        if axisTop.text != topText { axisTop.text = topText }
        for (bar, option) in zip(bars, poll.options) { bar.show(option, top: top) }
    }

    /// The slider of bar `row` (for tests of the view and the export's picture).
    func slider(_ row: Int) -> Scale? { bars.indices.contains(row) ? bars[row].scale : nil }
}

/// One option's column: its votes, its bar and its name. The target of its slider's signals,
/// which it hands to the view's delegate with its row.
@MainActor
final class BarView {
    let row: Int
    let scale: Scale
    private let column: Box
    private let votesLabel = Label()
    private let nameLabel = Label()
    private weak var view: BarChartView?
    private var wheelNotches = WheelNotches()

    /// The top of the scale the slider has now.
    private var top: Int

    /// Made with the scale's top it will show: a slider given new bounds lays itself out again.
    init(row: Int, top: Int, in view: BarChartView, box: Box) {
        self.row = row
        self.top = top
        self.view = view
        scale = Scale(vertical: true, lower: 0, upper: Double(top), step: Double(ChartModel.step), page: Double(ChartModel.pageStep))
        scale.hasOrigin = true
        scale.drawsValue = false
        scale.digits = 0
        scale.expandsVertically = true
        scale.align(horizontally: .center)
        scale.setStyleClass("chart-bar", true)
        ChartPalette.style(scale, row: row)
        nameLabel.ellipsize(maxCharacters: 10)
        votesLabel.ellipsize()  // twelve bars of two billion votes still fit the window
        column = Box(vertical: true, spacing: 4)
        column.add(votesLabel)
        column.add(scale)
        column.add(nameLabel)
        box.add(column)
        column.showAll()
        // Target-action: the slider's moves and presses come here, and go on with the row.
        scale.on(.changeValue, target: self, action: BarView.changeValue)
        scale.on(.valueChanged, target: self, action: BarView.valueChanged)
        scale.on(.buttonPressEvent, target: self, action: BarView.pressed)
        scale.on(.buttonReleaseEvent, target: self, action: BarView.released)
        scale.on(.scrollEvent, target: self, action: BarView.wheel)
    }

    func remove(from box: Box) { box.remove(column) }

    func show(_ option: PollOption, top: Int) {
        if scale.accessibleName != option.name {
            scale.accessibleName = option.name
            nameLabel.text = option.name
            nameLabel.tooltip = option.name
            scale.tooltip = option.name
        }
        let votes = formattedCount(option.votes)
        if votesLabel.text != votes {
            votesLabel.text = votes
            votesLabel.tooltip = votes
        }
        if self.top != top {
            self.top = top
            scale.bounds = 0...Double(top)
        }
        if scale.value != Double(option.votes) { scale.value = Double(option.votes) }
    }

    /// A key or the pointer moved the slider: kept where it is (true) until the model's new
    /// votes come back through the controller.
    private func changeValue(_ change: RangeChange) -> Bool {
        guard let view else { return false }
        view.delegate?.barChart(view, didMoveBar: row, change)
        return true
    }

    /// An assistive technology set the value, which GTK does without `changeValue`.
    private func valueChanged() {
        guard let view, !view.syncing else { return }
        view.delegate?.barChart(view, didMoveBar: row, .moved(to: scale.value))
    }

    private func pressed(_ event: PointerEvent) -> Bool {
        if event.button == 1, let view { view.delegate?.barChart(view, didBeginDraggingBar: row) }
        return false  // the slider goes on to take the press
    }

    private func released(_ event: PointerEvent) -> Bool {
        if event.button == 1, let view { view.delegate?.barChartDidEndDragging(view) }
        return false
    }

    /// The wheel over a bar moves it a step a notch, up for more (the slider alone would jump by
    /// a share of its height).
    private func wheel(_ event: ScrollEvent) -> Bool {
        let steps = wheelNotches.add(event)
        if steps != 0, let view { view.delegate?.barChart(view, didMoveBar: row, .stepped(steps)) }
        return true
    }
}
