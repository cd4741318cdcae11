import GtkKit
import TriadModel

/// What the pie tells its controller: the wheel turned over a slice.
@MainActor
protocol PieChartViewDelegate: AnyObject {
    /// The wheel turned `steps` notches over slice `row`: up (positive) for more votes.
    func pieChart(_ view: PieChartView, didScrollSlice row: Int, by steps: Int)
}

/// The chart as a pie (PieChartView.ui): a drawing area that PieChartPainter paints, and beside
/// it a legend a screen reader reads, a swatch and the name and share of each option. A drawing area is
/// one picture to a screen reader: the legend's labels, and the area's description, say the
/// shares in words.
@MainActor
final class PieChartView {
    private let builder = Builder(resource: AppInfo.ui("PieChartView.ui"))
    let root: Widget
    let area: DrawingArea
    private let legend: Box
    /// Held weakly, as UIKit holds a delegate.
    weak var delegate: PieChartViewDelegate?
    private var poll: Poll?
    private var legendRows: [(row: Box, label: Label)] = []
    private var wheelNotches = WheelNotches()

    init() {
        root = builder.object("root")
        area = builder.object("pie_area")
        legend = builder.object("legend")
        area.addEvents(.scrolling)
        // Target-action: the area asks to be drawn, and hands on the wheel.
        area.on(.draw, target: self, action: PieChartView.draw)
        area.on(.scrollEvent, target: self, action: PieChartView.wheel)
    }

    /// Shows `poll`: every share may have changed, so the whole pie is drawn again, and each
    /// legend line whose words changed is set.
    func show(_ poll: Poll) {
        self.poll = poll
        while legendRows.count > poll.count { legend.remove(legendRows.removeLast().row) }
        while legendRows.count < poll.count { legendRows.append(makeLegendRow(legendRows.count)) }
        let shares = zip(poll.options, poll.percentages).map { option, percent in
            L("{name}, {percent} %").filling(["percent": String(percent)]).filling(["name": option.name])
        }
        for (line, share) in zip(legendRows, shares) where line.label.text != share { line.label.text = share }
        area.accessibleDescription = shares.joined(separator: "; ")
        area.redraw()
    }

    private func makeLegendRow(_ row: Int) -> (row: Box, label: Label) {
        let line = Box(vertical: false, spacing: 8)
        let swatch = Box(vertical: false)
        swatch.setMinimumSize(width: 14, height: 14)
        swatch.align(vertically: .center)
        swatch.setStyleClass("chart-swatch", true)
        ChartPalette.style(swatch, row: row)
        let label = Label()
        label.horizontalAlignment = 0
        label.ellipsize(maxCharacters: 28)
        line.add(swatch)
        line.add(label)
        legend.add(line)
        line.showAll()
        return (line, label)
    }

    /// The pie's centre and radius in the area as it is now.
    private var circle: (x: Double, y: Double, radius: Double) {
        let (width, height) = area.allocatedSize
        return (Double(width) / 2, Double(height) / 2, max(1, Double(min(width, height)) / 2 - 4))
    }

    private func painter(for poll: Poll) -> PieChartPainter {
        PieChartPainter(poll: poll, colours: ChartPalette.colours(for: poll.count, in: area))
    }

    private func draw(_ canvas: Canvas) -> Bool {
        area.renderBackground(on: canvas)  // the background its style gives it, a highlight too
        guard let poll else { return false }
        let circle = self.circle
        painter(for: poll).paintPie(on: canvas, x: circle.x, y: circle.y, radius: circle.radius)
        return false
    }

    private func wheel(_ event: ScrollEvent) -> Bool {
        let circle = self.circle
        guard let poll,
            let row = painter(for: poll).row(atX: event.x, y: event.y, pieX: circle.x, pieY: circle.y, radius: circle.radius)
        else { return false }
        let steps = wheelNotches.add(event)
        if steps != 0 { delegate?.pieChart(self, didScrollSlice: row, by: steps) }
        return true
    }
}
