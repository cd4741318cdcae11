import CGtk
import GtkKit
import TriadModel

/// The diagram above the Messages pane's rows: the three parts (the view bottom left, the middle
/// part on top, the model bottom right), arrows between them both ways, and the latest message's
/// arrow lit, fading. The middle part is named after whoever last spoke there: the controller
/// (MVC), the presenter (MVP) or the view model (MVVM); a binding's arrow is dashed.
@MainActor
final class MessagesDiagram {
    private let area: WidgetPointer
    private var latest: LoggedMessage?
    private var litAt: gint64 = 0
    private var fading: MainLoopSource?
    private var middle: MessageRole = .controller

    /// How long a lit arrow takes to fade, in microseconds.
    private static let fadeTime: gint64 = 1_500_000

    init(area: WidgetPointer) {
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
        guard let message else { return gtk_widget_queue_draw(area) }
        litAt = g_get_monotonic_time()
        // The diagram's text alternative: what a sighted person reads off the lit arrow.
        area.setAccessibleDescription(L("Latest message: {from} → {to} by {channel}: {message}").filling([
            "from": title(Self.part(message.from)), "to": title(Self.part(message.to)), "channel": message.channel.title,
            "message": message.text]))
        gtk_widget_queue_draw(area)
        guard fading == nil else { return }
        fading = MainLoop.every(milliseconds: 50) { [weak self] in
            guard let self else { return }
            gtk_widget_queue_draw(self.area)
            if g_get_monotonic_time() - self.litAt > Self.fadeTime {
                self.fading?.cancel()
                self.fading = nil
            }
        }
    }

    private func draw(_ cairo: OpaquePointer) -> Bool {
        let width = Double(gtk_widget_get_allocated_width(area)), height = Double(gtk_widget_get_allocated_height(area))
        let context = gtk_widget_get_style_context(area)
        var foreground = GdkRGBA()
        gtk_style_context_get_color(context, GTK_STATE_FLAG_NORMAL, &foreground)
        var accent = GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 1)  // GNOME's blue 3
        _ = gtk_style_context_lookup_color(context, "theme_selected_bg_color", &accent)
        let size = (width: min(150, width / 3), height: 36.0)
        let centers: [Part: (x: Double, y: Double)] = [
            .middle: (width / 2, 6 + size.height / 2),
            .view: (size.width / 2 + 4, height - size.height / 2 - 6),
            .model: (width - size.width / 2 - 4, height - size.height / 2 - 6),
        ]
        let fade = latest.map { _ in max(0, 1 - Double(g_get_monotonic_time() - litAt) / Double(Self.fadeTime)) } ?? 0
        let litFrom = latest.map { Self.part($0.from) }, litTo = latest.map { Self.part($0.to) }
        let dashed = latest?.channel == .binding
        // Arrows between every pair, both ways (offset so the two directions do not overlap).
        for from in Part.allCases {
            for to in Part.allCases where from != to {
                guard let a = centers[from], let b = centers[to] else { continue }
                let lit = litFrom == from && litTo == to ? fade : 0
                arrow(cairo, from: a, to: b, lit: lit, dashed: lit > 0 && dashed, colors: (foreground, accent))
            }
        }
        for part in Part.allCases {
            guard let center = centers[part] else { continue }
            let lit = (litFrom == part && litTo == part) ? fade : 0
            let end = litFrom == part || litTo == part
            box(cairo, part, center: center, size: size, lit: lit, isLatestEnd: end, colors: (foreground, accent))
        }
        return false
    }

    private func arrow(_ cairo: OpaquePointer, from a: (x: Double, y: Double), to b: (x: Double, y: Double), lit: Double,
                       dashed: Bool, colors: (foreground: GdkRGBA, accent: GdkRGBA)) {
        let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
        guard length > 1 else { return }
        let (ux, uy) = (dx / length, dy / length)
        let (nx, ny) = (-uy * 6, ux * 6)  // each direction on its own side
        let inset = 30.0
        let start = (a.x + ux * inset + nx, a.y + uy * inset + ny), end = (b.x - ux * inset + nx, b.y - uy * inset + ny)
        let color = mix(colors.foreground, colors.accent, lit)
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, 0.35 + 0.65 * lit)
        cairo_set_line_width(cairo, 1.5 + 2.5 * lit)
        if dashed {
            var pattern: [Double] = [6, 4]
            cairo_set_dash(cairo, &pattern, 2, 0)
        }
        cairo_move_to(cairo, start.0, start.1)
        cairo_line_to(cairo, end.0, end.1)
        cairo_stroke(cairo)
        cairo_set_dash(cairo, nil, 0, 0)
        let head = 9.0
        cairo_move_to(cairo, end.0, end.1)
        cairo_line_to(cairo, end.0 - ux * head - uy * head * 0.5, end.1 - uy * head + ux * head * 0.5)
        cairo_line_to(cairo, end.0 - ux * head + uy * head * 0.5, end.1 - uy * head - ux * head * 0.5)
        cairo_close_path(cairo)
        cairo_fill(cairo)
    }

    private func box(_ cairo: OpaquePointer, _ part: Part, center: (x: Double, y: Double), size: (width: Double, height: Double),
                     lit: Double, isLatestEnd: Bool, colors: (foreground: GdkRGBA, accent: GdkRGBA)) {
        let border = mix(colors.foreground, colors.accent, isLatestEnd ? max(lit, 0.2) : 0)
        cairo_rectangle(cairo, center.x - size.width / 2, center.y - size.height / 2, size.width, size.height)
        cairo_set_source_rgba(cairo, colors.accent.red, colors.accent.green, colors.accent.blue, 0.12 + 0.3 * lit)
        cairo_fill_preserve(cairo)
        cairo_set_source_rgba(cairo, border.red, border.green, border.blue, 0.9)
        cairo_set_line_width(cairo, 1.5)
        cairo_stroke(cairo)
        guard let layout = gtk_widget_create_pango_layout(area, title(part)) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var textWidth: Int32 = 0, textHeight: Int32 = 0
        pango_layout_get_pixel_size(layout, &textWidth, &textHeight)
        cairo_set_source_rgba(cairo, colors.foreground.red, colors.foreground.green, colors.foreground.blue, 1)
        cairo_move_to(cairo, center.x - Double(textWidth) / 2, center.y - Double(textHeight) / 2)
        pango_cairo_show_layout(cairo, layout)
    }

    private func mix(_ a: GdkRGBA, _ b: GdkRGBA, _ t: Double) -> GdkRGBA {
        GdkRGBA(red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
                blue: a.blue + (b.blue - a.blue) * t, alpha: 1)
    }
}
