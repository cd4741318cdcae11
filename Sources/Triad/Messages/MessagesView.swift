import CGtk
import GtkKit
import Glibc
import TriadModel

/// The Messages pane's widgets (MessagesView.ui): the diagram of the three parts with the latest
/// message's arrow lit (and fading), and the rows. Passive: its controller hands it the messages.
@MainActor
final class MessagesView {
    private let builder = Builder(resource: AppInfo.ui("MessagesView.ui"))
    let root: WidgetPointer
    private let store: UnsafeMutablePointer<GtkListStore>
    private let list: UnsafeMutablePointer<GtkTreeView>
    private let diagram: WidgetPointer
    private var exportChooser: Owned<GtkNativeDialog>?
    private var shownRows: [LoggedMessage] = []
    private var latest: LoggedMessage?
    private var litAt = 0
    private var fading: MainLoopSource?
    /// On the Users page the middle part is the presenter (seed 003's MVP).
    private var middleIsPresenter = false

    var onClear: (@MainActor () -> Void)?
    var onDetach: (@MainActor () -> Void)?
    var onCopy: (@MainActor () -> Void)?
    var onExport: (@MainActor (_ path: String) -> Void)?

    /// How long a lit arrow takes to fade, in microseconds.
    private static let fadeTime = 1_500_000

    init() {
        root = builder.object("root")
        g_object_ref(root)  // the pane moves between the main window and its own: it is ours to keep
        store = builder.object("store")
        list = builder.object("list")
        diagram = builder.object("diagram")
        builder.object("clear_button", as: GtkWidget.self).on(.clicked, target: self, action: MessagesView.clearPressed)
        builder.object("detach_button", as: GtkWidget.self).on(.clicked, target: self, action: MessagesView.detachPressed)
        builder.object("copy_button", as: GtkWidget.self).on(.clicked, target: self, action: MessagesView.copyPressed)
        builder.object("save_button", as: GtkWidget.self).on(.clicked, target: self, action: MessagesView.exportPressed)
        diagram.on(.draw, target: self, action: MessagesView.drawDiagram)
    }

    private func clearPressed() { onClear?() }
    private func detachPressed() { onDetach?() }

    /// In its own window the pane has no use for the button that opens one.
    func setDetached(_ detached: Bool) { builder.object("detach_button", as: GtkWidget.self).isVisible = !detached }
    private func copyPressed() { onCopy?() }

    private func exportPressed() {
        exportChooser = chooseFile(title: L("Export Messages"), action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: L("_Export"),
                                   cancel: L("_Cancel"), parent: root, configure: { chooser in
            gtk_file_chooser_set_do_overwrite_confirmation(chooser, 1)
            gtk_file_chooser_set_current_name(chooser, "messages.mmd")
        }, chosen: { [weak self] path in self?.onExport?(path) }, answered: { [weak self] in self?.exportChooser = nil })
    }

    /// Shows `messages`: rows already shown are updated in place (a merged repeat's count),
    /// new ones appended; the latest message's arrow lights up.
    func show(_ messages: [LoggedMessage]) {
        if messages.count < shownRows.count {  // cleared (rows that moved are rewritten below)
            gtk_list_store_clear(store)
            shownRows = []
        }
        for (index, message) in messages.enumerated() {
            if index < shownRows.count {
                if shownRows[index] != message { setRow(index, message) }
            } else {
                var iter = GtkTreeIter()
                gtk_list_store_append(store, &iter)
                fill(&iter, message)
            }
        }
        shownRows = messages
        // The middle part is named after whoever last spoke there: the presenter on the Users page.
        if let middle = messages.last(where: { [$0.from, $0.to].contains { $0 == .controller || $0 == .presenter } }) {
            middleIsPresenter = middle.from == .presenter || middle.to == .presenter
        }
        if let last = messages.last {
            light(last)
            scrollToEnd()
        } else {
            latest = nil
            gtk_widget_queue_draw(diagram)
        }
        setStatus(messages.isEmpty ? L("Use a page: its messages appear here as they pass.")
                                   : LN("{count} message", "{count} messages", messages.count).filling(["count": formattedCount(messages.count)]))
    }

    isolated deinit {
        fading?.cancel()
        g_object_unref(root)
    }

    func setStatus(_ text: String) { builder.object("status_label", as: GtkLabel.self).text = text }

    private func setRow(_ index: Int, _ message: LoggedMessage) {
        var iter = GtkTreeIter()
        guard gtk_tree_model_iter_nth_child(OpaquePointer(store), &iter, nil, Int32(index)) != 0 else { return }
        fill(&iter, message)
    }

    private func fill(_ iter: inout GtkTreeIter, _ message: LoggedMessage) {
        let cells = Self.cells(message)
        for (column, text) in cells.enumerated() { setText(store, &iter, column: column, text) }
    }

    /// What a row shows: the roles, the channel, the message (with its count), the line of code
    /// it points at, and whose line that is.
    static func cells(_ message: LoggedMessage) -> [String] {
        ["\(message.from.title) → \(message.to.title)", message.channel.title,
         message.count > 1 ? "\(message.text) ×\(formattedCount(message.count))" : message.text, message.source,
         message.side.title]
    }

    private func scrollToEnd() {
        let count = gtk_tree_model_iter_n_children(OpaquePointer(store), nil)
        var last = count - 1
        guard count > 0, let path = gtk_tree_path_new_from_indicesv(&last, 1) else { return }
        gtk_tree_view_scroll_to_cell(list, path, nil, 0, 0, 0)
        gtk_tree_path_free(path)
    }

    // MARK: Diagram

    /// The three parts, where the diagram draws them: the controller (or presenter) on top, the
    /// view bottom left, the model bottom right; the data source and the store belong to the model.
    private enum Part: CaseIterable { case view, controller, model }

    private static func part(_ role: MessageRole) -> Part {
        switch role {
        case .view: .view
        case .controller, .presenter, .viewModel: .controller
        case .model, .dataSource, .store: .model
        }
    }

    private func title(_ part: Part) -> String {
        switch part {
        case .view: L("View")
        case .controller: middleIsPresenter ? L("Presenter") : L("Controller")
        case .model: L("Model")
        }
    }

    private func light(_ message: LoggedMessage) {
        latest = message
        litAt = g_get_monotonic_time()
        let from = title(Self.part(message.from)), to = title(Self.part(message.to))
        // The diagram's text alternative: what a sighted person reads off the lit arrow.
        diagram.setAccessibleDescription(L("Latest message: {from} → {to} by {channel}: {message}").filling([
            "from": from, "to": to, "channel": message.channel.title, "message": message.text]))
        gtk_widget_queue_draw(diagram)
        guard fading == nil else { return }
        fading = MainLoop.every(milliseconds: 50) { [weak self] in
            guard let self else { return }
            gtk_widget_queue_draw(self.diagram)
            if g_get_monotonic_time() - self.litAt > Self.fadeTime {
                self.fading?.cancel()
                self.fading = nil
            }
        }
    }

    private func drawDiagram(_ cairo: OpaquePointer) -> Bool {
        let width = Double(gtk_widget_get_allocated_width(diagram))
        let height = Double(gtk_widget_get_allocated_height(diagram))
        let context = gtk_widget_get_style_context(diagram)
        var foreground = GdkRGBA()
        gtk_style_context_get_color(context, GTK_STATE_FLAG_NORMAL, &foreground)
        var accent = GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 1)  // GNOME's blue 3
        _ = gtk_style_context_lookup_color(context, "theme_selected_bg_color", &accent)
        let boxWidth = min(150, width / 3), boxHeight = 40.0
        let centers: [Part: (x: Double, y: Double)] = [
            .controller: (width / 2, 8 + boxHeight / 2),
            .view: (boxWidth / 2 + 4, height - boxHeight / 2 - 8),
            .model: (width - boxWidth / 2 - 4, height - boxHeight / 2 - 8),
        ]
        let fade = latest.map { _ in max(0, 1 - Double(g_get_monotonic_time() - litAt) / Double(Self.fadeTime)) } ?? 0
        let litFrom = latest.map { Self.part($0.from) }, litTo = latest.map { Self.part($0.to) }
        // Arrows between every pair, both ways (offset so the two directions do not overlap).
        for from in Part.allCases {
            for to in Part.allCases where from != to {
                guard let a = centers[from], let b = centers[to] else { continue }
                let lit = litFrom == from && litTo == to ? fade : 0
                arrow(cairo, from: a, to: b, box: (boxWidth, boxHeight), lit: lit, foreground: foreground, accent: accent)
            }
        }
        for part in Part.allCases {
            guard let center = centers[part] else { continue }
            let lit = (litFrom == part && litTo == part) ? fade : 0
            box(cairo, part, center: center, size: (boxWidth, boxHeight), lit: lit, foreground: foreground, accent: accent)
        }
        return false
    }

    private func arrow(_ cairo: OpaquePointer, from a: (x: Double, y: Double), to b: (x: Double, y: Double),
                       box: (Double, Double), lit: Double, foreground: GdkRGBA, accent: GdkRGBA) {
        let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
        guard length > 1 else { return }
        let (ux, uy) = (dx / length, dy / length)
        let (nx, ny) = (-uy * 6, ux * 6)  // each direction on its own side
        let inset = 30.0
        let start = (a.x + ux * inset + nx, a.y + uy * inset + ny), end = (b.x - ux * inset + nx, b.y - uy * inset + ny)
        let color = mix(foreground, accent, lit)
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, 0.35 + 0.65 * lit)
        cairo_set_line_width(cairo, 1.5 + 2.5 * lit)
        cairo_move_to(cairo, start.0, start.1)
        cairo_line_to(cairo, end.0, end.1)
        cairo_stroke(cairo)
        let head = 9.0
        cairo_move_to(cairo, end.0, end.1)
        cairo_line_to(cairo, end.0 - ux * head - uy * head * 0.5, end.1 - uy * head + ux * head * 0.5)
        cairo_line_to(cairo, end.0 - ux * head + uy * head * 0.5, end.1 - uy * head - ux * head * 0.5)
        cairo_close_path(cairo)
        cairo_fill(cairo)
    }

    private func box(_ cairo: OpaquePointer, _ part: Part, center: (x: Double, y: Double), size: (Double, Double),
                     lit: Double, foreground: GdkRGBA, accent: GdkRGBA) {
        let (w, h) = size
        let isLatestEnd = latest.map { Self.part($0.from) == part || Self.part($0.to) == part } ?? false
        let border = mix(foreground, accent, isLatestEnd ? max(lit, 0.2) : 0)
        cairo_rectangle(cairo, center.x - w / 2, center.y - h / 2, w, h)
        cairo_set_source_rgba(cairo, accent.red, accent.green, accent.blue, 0.12 + 0.3 * lit)
        cairo_fill_preserve(cairo)
        cairo_set_source_rgba(cairo, border.red, border.green, border.blue, 0.9)
        cairo_set_line_width(cairo, 1.5)
        cairo_stroke(cairo)
        guard let layout = gtk_widget_create_pango_layout(diagram, title(part)) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var textWidth: Int32 = 0, textHeight: Int32 = 0
        pango_layout_get_pixel_size(layout, &textWidth, &textHeight)
        cairo_set_source_rgba(cairo, foreground.red, foreground.green, foreground.blue, 1)
        cairo_move_to(cairo, center.x - Double(textWidth) / 2, center.y - Double(textHeight) / 2)
        pango_cairo_show_layout(cairo, layout)
    }

    private func mix(_ a: GdkRGBA, _ b: GdkRGBA, _ t: Double) -> GdkRGBA {
        GdkRGBA(red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
                blue: a.blue + (b.blue - a.blue) * t, alpha: 1)
    }
}
