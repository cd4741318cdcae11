import GtkKit
import TriadModel

/// Draws a poll as a pie: the same code paints the pie on screen and into an exported PNG or
/// SVG file, which also gets the title and a legend (the screen's legend is labels a screen
/// reader reads). Each slice has its share written on it where it has room, the options past the
/// palette's colours are hatched, and a line in the background colour parts each slice from the
/// next, so that neither colour nor a thin slice is ever the only key.
@MainActor
struct PieChartPainter {
    let poll: Poll
    let colours: Colours

    struct Colours {
        /// One per option, in order.
        let options: [Color]
        let background: Color
        let text: Color
    }

    /// Slices start at twelve o'clock and go clockwise, as people read a clock.
    static let start = -Double.pi / 2

    /// Each option's slice: its start and end angle.
    var slices: [(start: Double, end: Double)] {
        var angle = Self.start
        return poll.fractions.map { fraction in
            defer { angle += fraction * 2 * .pi }
            return (angle, angle + fraction * 2 * .pi)
        }
    }

    /// The pie, in a circle of `radius` around (`x`, `y`).
    func paintPie(on canvas: Canvas, x: Double, y: Double, radius: Double) {
        let slices = self.slices
        guard poll.totalVotes > 0 else {
            canvas.setColor(colours.text.withAlpha(0.4))
            canvas.setLineWidth(1)
            canvas.arc(centerX: x, y, radius: radius - 0.5, from: 0, to: 2 * .pi)
            canvas.stroke()
            let text = L("No votes yet")
            let size = canvas.textSize(text)
            canvas.setColor(colours.text)
            canvas.drawText(text, x: x - size.width / 2, y: y - size.height / 2)
            return
        }
        for (row, slice) in slices.enumerated() where slice.end > slice.start {
            wedge(canvas, x, y, radius, slice)
            canvas.setColor(colours.options[row])
            canvas.fill()
            if ChartPalette.isHatched(row) { hatch(canvas, x, y, radius, slice) }
        }
        // The parting lines, over the fills; none when one option has every vote.
        if slices.filter({ $0.end > $0.start }).count > 1 {
            canvas.setColor(colours.background)
            canvas.setLineWidth(2)
            for slice in slices where slice.end > slice.start {
                let edge = Canvas.point(aroundX: x, y, radius: radius, at: slice.start)
                canvas.move(to: x, y)
                canvas.line(to: edge.x, edge.y)
                canvas.stroke()
            }
        }
        for (row, slice) in slices.enumerated() { shareLabel(canvas, x, y, radius, slice, row: row) }
    }

    private func wedge(_ canvas: Canvas, _ x: Double, _ y: Double, _ radius: Double, _ slice: (start: Double, end: Double)) {
        canvas.newPath()
        canvas.move(to: x, y)
        canvas.arc(centerX: x, y, radius: radius, from: slice.start, to: slice.end)
        canvas.closePath()
    }

    /// Diagonal lines across the slice, as the CSS hatches a bar and a legend swatch.
    private func hatch(_ canvas: Canvas, _ x: Double, _ y: Double, _ radius: Double, _ slice: (start: Double, end: Double)) {
        wedge(canvas, x, y, radius, slice)
        canvas.setHatching(Color(red: 0, green: 0, blue: 0, alpha: 0.45), spacing: 6, width: 2)
        canvas.fill()
    }

    /// The share in whole percent inside the slice, on a patch of its colour, where it has room.
    private func shareLabel(
        _ canvas: Canvas, _ x: Double, _ y: Double, _ radius: Double, _ slice: (start: Double, end: Double), row: Int
    ) {
        let percent = poll.percentages[row]
        let text = L("{percent} %").filling(["percent": String(percent)])
        let size = canvas.textSize(text)
        let middle = (slice.start + slice.end) / 2
        let distance = radius * 0.62
        // Room: the arc at that distance is longer than the text is wide.
        guard (slice.end - slice.start) * distance > size.width + 6, radius > size.width else { return }
        let (centerX, centerY) = Canvas.point(aroundX: x, y, radius: distance, at: middle)
        let fill = colours.options[row]
        let patch = Rectangle(x: centerX - size.width / 2 - 3, y: centerY - size.height / 2, width: size.width + 6, height: size.height)
        canvas.setColor(fill)
        canvas.rectangle(patch)
        canvas.fill()
        canvas.setColor(fill.luminance > 0.45 ? Color(hex: 0x000000) : Color(hex: 0xFFFFFF))
        canvas.drawText(text, x: centerX - size.width / 2, y: centerY - size.height / 2)
    }

    /// The row whose slice is under (`pointX`, `pointY`), in a pie of `radius` around (`x`, `y`).
    func row(atX pointX: Double, y pointY: Double, pieX x: Double, pieY y: Double, radius: Double) -> Int? {
        let dx = pointX - x
        let dy = pointY - y
        guard dx * dx + dy * dy <= radius * radius, poll.totalVotes > 0 else { return nil }
        var angle = Canvas.angle(ofX: pointX, pointY, fromX: x, y)
        while angle < Self.start { angle += 2 * .pi }
        return slices.firstIndex { angle >= $0.start && angle < $0.end }
    }

    // MARK: A picture for a file

    /// The title, the pie on the left and the legend on the right, on the background, filling
    /// `width` × `height`.
    func paintPicture(on canvas: Canvas, width: Double, height: Double) {
        canvas.paint(colours.background)
        let margin = max(12, min(width, height) / 24)
        let scale = max(1, min(width, height) / 360)
        let titleFont = Canvas.Font(scale: 1.3 * scale, bold: true)
        let title = canvas.textSize(poll.title, font: titleFont)
        canvas.setColor(colours.text)
        canvas.drawText(poll.title, x: margin, y: margin, font: titleFont)
        let top = margin * 2 + title.height
        let radius = max(8, min(width * 0.55 - margin * 2, height - top - margin) / 2)
        paintPie(on: canvas, x: margin + radius, y: top + radius, radius: radius)
        paintLegend(on: canvas, x: margin * 2 + radius * 2, y: top, scale: scale)
    }

    /// A swatch (hatched as its slice is) and the name, votes and share of each option.
    private func paintLegend(on canvas: Canvas, x: Double, y: Double, scale: Double) {
        let font = Canvas.Font(scale: scale)
        var lineY = y
        for (row, option) in poll.options.enumerated() {
            let line = LN("{name}: {votes} vote, {percent} %", "{name}: {votes} votes, {percent} %", option.votes).filling([
                "votes": formattedCount(option.votes), "percent": String(poll.percentages[row]),
            ]).filling(["name": option.name])
            let size = canvas.textSize(line, font: font)
            let side = size.height * 0.8
            canvas.setColor(colours.options[row])
            canvas.rectangle(Rectangle(x: x, y: lineY + (size.height - side) / 2, width: side, height: side))
            canvas.fill()
            if ChartPalette.isHatched(row) {
                canvas.save()
                canvas.rectangle(Rectangle(x: x, y: lineY + (size.height - side) / 2, width: side, height: side))
                canvas.clip()
                hatch(canvas, x + side / 2, lineY + size.height / 2, side, (0, 2 * .pi))
                canvas.restore()
            }
            canvas.setColor(colours.text)
            canvas.drawText(line, x: x + side * 1.5, y: lineY, font: font)
            lineY += size.height * 1.3
        }
    }
}
