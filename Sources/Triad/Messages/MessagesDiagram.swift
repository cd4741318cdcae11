import Glibc
import GtkKit
import TriadModel

/// The diagram above the Messages pane's rows: the three parts (the view bottom left, the middle
/// part on top, the model bottom right), arrows between them both ways, and the latest message's
/// arrow lit, fading. The middle part is named after whoever last spoke there: the controller
/// (MVC), the presenter (MVP) or the view model (MVVM); a binding's arrow is dashed.
@MainActor
final class MessagesDiagram {
    private let area: DrawingArea
    private var latest: LoggedMessage?
    private var litAt: Double = 0
    private var fading: MainLoopSource?
    private var middle: MessageRole = .controller

    /// How long a lit arrow takes to fade, in seconds.
    private static let fadeTime = 1.5

    init(area: DrawingArea) {
        self.area = area
        area.on(.draw, target: self, action: MessagesDiagram.draw)
    }

    isolated deinit { fading?.cancel() }

    /// The parts the diagram draws; the data source and the store belong to the model.
    private enum Part: CaseIterable { case view, middle, model }

    private static func part(_ role: MessageRole) -> Part {
        switch role {
        case .view: .view
        case .controller, .presenter, .viewModel: .middle
        case .model, .dataSource, .store: .model
        }
    }

    private func title(_ part: Part) -> String {
        switch part {
        case .view: MessageRole.view.title
        case .middle: middle.title
        case .model: MessageRole.model.title
        }
    }

    /// Lights `message`'s arrow (nil: none), naming the middle part after the messages given.
    func show(latest message: LoggedMessage?, among messages: [LoggedMessage]) {
        let middles: [MessageRole] = [.controller, .presenter, .viewModel]
        if let last = messages.last(where: { middles.contains($0.from) || middles.contains($0.to) }) {
            middle = middles.contains(last.from) ? last.from : last.to
        }
        latest = message
        guard let message else { return area.queueDraw() }
        litAt = MainLoop.now
        // The diagram's text alternative: what a sighted person reads off the lit arrow.
        area.accessibleDescription = L("Latest message: {from} → {to} by {channel}: {message}").filling([
            "from": title(Self.part(message.from)), "to": title(Self.part(message.to)), "channel": message.channel.title,
            "message": message.text,
        ])
        area.queueDraw()
        guard fading == nil else { return }
        fading = MainLoop.every(milliseconds: 50) { [weak self] in
            guard let self else { return }
            self.area.queueDraw()
            if MainLoop.now - self.litAt > Self.fadeTime {
                self.fading?.cancel()
                self.fading = nil
            }
        }
    }

    private func draw(_ canvas: Canvas) -> Bool {
        let (width, height) = area.allocatedSize
        let foreground = area.textColor
        let accent = area.themeColor("theme_selected_bg_color") ?? Color(hex: 0x3584E4)  // GNOME's blue 3
        let size = (width: min(150, Double(width) / 3), height: 36.0)
        let centers: [Part: (x: Double, y: Double)] = [
            .middle: (Double(width) / 2, 6 + size.height / 2),
            .view: (size.width / 2 + 4, Double(height) - size.height / 2 - 6),
            .model: (Double(width) - size.width / 2 - 4, Double(height) - size.height / 2 - 6),
        ]
        let fade = latest.map { _ in max(0, 1 - (MainLoop.now - litAt) / Self.fadeTime) } ?? 0
        let litFrom = latest.map { Self.part($0.from) }
        let litTo = latest.map { Self.part($0.to) }
        let dashed = latest?.channel == .binding
        // Arrows between every pair, both ways (offset so the two directions do not overlap).
        for from in Part.allCases {
            for to in Part.allCases where from != to {
                guard let a = centers[from], let b = centers[to] else { continue }
                let lit = litFrom == from && litTo == to ? fade : 0
                arrow(canvas, from: a, to: b, lit: lit, dashed: lit > 0 && dashed, colors: (foreground, accent))
            }
        }
        for part in Part.allCases {
            guard let center = centers[part] else { continue }
            let lit = (litFrom == part && litTo == part) ? fade : 0
            let end = litFrom == part || litTo == part
            box(canvas, part, center: center, size: size, lit: lit, isLatestEnd: end, colors: (foreground, accent))
        }
        return false
    }

    private func arrow(
        _ canvas: Canvas, from a: (x: Double, y: Double), to b: (x: Double, y: Double), lit: Double,
        dashed: Bool, colors: (foreground: Color, accent: Color)
    ) {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 1 else { return }
        let (ux, uy) = (dx / length, dy / length)
        let (nx, ny) = (-uy * 6, ux * 6)  // each direction on its own side
        let inset = 30.0
        let start = (a.x + ux * inset + nx, a.y + uy * inset + ny)
        let end = (b.x - ux * inset + nx, b.y - uy * inset + ny)
        canvas.setColor(colors.foreground.mixed(with: colors.accent, lit).withAlpha(0.35 + 0.65 * lit))
        canvas.setLineWidth(1.5 + 2.5 * lit)
        if dashed { canvas.setDash([6, 4]) }
        canvas.move(to: start.0, start.1)
        canvas.line(to: end.0, end.1)
        canvas.stroke()
        canvas.setDash([])
        let head = 9.0
        canvas.move(to: end.0, end.1)
        canvas.line(to: end.0 - ux * head - uy * head * 0.5, end.1 - uy * head + ux * head * 0.5)
        canvas.line(to: end.0 - ux * head + uy * head * 0.5, end.1 - uy * head - ux * head * 0.5)
        canvas.closePath()
        canvas.fill()
    }

    private func box(
        _ canvas: Canvas, _ part: Part, center: (x: Double, y: Double), size: (width: Double, height: Double),
        lit: Double, isLatestEnd: Bool, colors: (foreground: Color, accent: Color)
    ) {
        let border = colors.foreground.mixed(with: colors.accent, isLatestEnd ? max(lit, 0.2) : 0)
        canvas.rectangle(Rectangle(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height))
        canvas.setColor(colors.accent.withAlpha(0.12 + 0.3 * lit))
        canvas.fill(keeping: true)
        canvas.setColor(border.withAlpha(0.9))
        canvas.setLineWidth(1.5)
        canvas.stroke()
        let text = title(part)
        let measured = canvas.textSize(text)
        canvas.setColor(colors.foreground.withAlpha(1))
        canvas.drawText(text, x: center.x - measured.width / 2, y: center.y - measured.height / 2)
    }
}
