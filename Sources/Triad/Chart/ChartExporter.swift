import GtkKit
import TriadModel

/// Export…: the bar chart or the pie chart as a PNG or SVG picture, through the desktop's file
/// chooser (the portal's in a sandbox), with the chart and the size chosen beside the file
/// name. The name's ending says the format. The pie is painted by the same code as on screen
/// (PieChartPainter), the bars by GTK as it draws them on screen. Made the first time Export… is
/// pressed: a start never builds it.
@MainActor
final class ChartExporter {
    private let window: Window
    private let bars: BarChartView
    private let pie: PieChartView
    private let poll: @MainActor () -> Poll
    /// Told what became of an export: the sentence to show, and whether it is a failure.
    var finished: (@MainActor (String, Bool) -> Void)?
    private var chooser: Owned<FileChooser>?

    /// The sizes offered, in pixels (points for an SVG).
    static let sizes = [(640, 480), (1280, 960), (1920, 1440)]

    init(window: Window, bars: BarChartView, pie: PieChartView, poll: @escaping @MainActor () -> Poll) {
        self.window = window
        self.bars = bars
        self.pie = pie
        self.poll = poll
    }

    /// Opens the file chooser (or brings it back, if it is open).
    func start() {
        guard chooser == nil else { return }
        let sizes = Self.sizes.map {
            (id: "\($0.0)x\($0.1)", label: L("{width} × {height}").filling(["width": String($0.0), "height": String($0.1)]))
        }
        let choices = [
            FileChoice(id: "chart", label: L("Chart"), options: [("pie", L("Pie chart")), ("bars", L("Bar chart"))], selected: "pie"),
            FileChoice(id: "size", label: L("Size"), options: sizes, selected: sizes[1].id),
        ]
        chooser = chooseFile(
            .save, title: L("Export Chart"), accept: L("_Export"), cancel: L("_Cancel"), over: window,
            suggestedName: Self.fileName(poll().title) + ".png", choices: choices,
            chosen: { [weak self] path, chosen in self?.export(to: path, chosen) },
            answered: { [weak self] in self?.chooser = nil })
    }

    /// A title as a file name: no folder separators.
    static func fileName(_ title: String) -> String {
        String(title.map { $0 == "/" || $0 == "\\" ? "-" : $0 })
    }

    private func export(to path: String, _ chosen: [String: String]) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let format = ImageFormat(fileName: path) else {
            finished?(
                L("“{name}” was not written: end the name with .png or .svg, which says the kind of picture.").filling(["name": name]), true
            )
            return
        }
        let size = chosen["size"].flatMap(Self.size(fromID:)) ?? Self.sizes[1]
        let isPie = chosen["chart"] != "bars"
        do throws(FileError) {
            try writeImage(format, to: path, width: size.0, height: size.1) { canvas in
                if isPie { paintPie(on: canvas, size) } else { paintBars(on: canvas, size) }
            }
            let done =
                isPie
                ? L("The pie chart was exported to “{name}” ({width} × {height}).")
                : L("The bar chart was exported to “{name}” ({width} × {height}).")
            finished?(done.filling(["width": String(size.0), "height": String(size.1)]).filling(["name": name]), false)
        } catch {
            finished?(L("The chart could not be exported: {reason}").filling(["reason": error.message]), true)
        }
    }

    static func size(fromID id: String) -> (Int, Int)? {
        let parts = id.split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    private func paintPie(on canvas: Canvas, _ size: (Int, Int)) {
        let poll = self.poll()
        PieChartPainter(poll: poll, colours: ChartPalette.colours(for: poll.count, in: pie.area))
            .paintPicture(on: canvas, width: Double(size.0), height: Double(size.1))
    }

    /// The title, and the bars as GTK draws them on screen, scaled to fill the picture.
    private func paintBars(on canvas: Canvas, _ size: (Int, Int)) {
        let colours = ChartPalette.colours(for: 0, in: pie.area)
        let (width, height) = (Double(size.0), Double(size.1))
        canvas.paint(colours.background)
        let margin = max(12, min(width, height) / 24)
        let font = Canvas.Font(scale: 1.3 * max(1, min(width, height) / 360), bold: true)
        let title = poll().title
        canvas.setColor(colours.text)
        canvas.drawText(title, x: margin, y: margin, font: font)
        let top = margin * 2 + canvas.textSize(title, font: font).height
        let (barsWidth, barsHeight) = bars.root.allocatedSize
        guard barsWidth > 0, barsHeight > 0 else { return }
        let scale = min((width - margin * 2) / Double(barsWidth), (height - top - margin) / Double(barsHeight))
        canvas.save()
        canvas.translate(margin, top)
        canvas.scale(scale, scale)
        bars.root.draw(on: canvas)
        canvas.restore()
    }
}
