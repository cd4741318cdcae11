import CGtk
import GtkKit
import TriadModel

/// The Messages pane's widgets (MessagesView.ui): the buttons, the diagram, the filters, the rows,
/// and the details of the selected row (its code, the model's state after it, an exercise). Its
/// controller wires the buttons and the filters to its own methods and hands it the messages.
@MainActor
final class MessagesView: LearningTool {
    private let builder = Builder(resource: AppInfo.ui("MessagesView.ui"))
    let root: WidgetPointer
    let diagram: MessagesDiagram
    let detachButton: WidgetPointer
    let clearButton: WidgetPointer
    let copyButton: WidgetPointer
    let exportButton: WidgetPointer
    /// The filters: any part, or one (in `MessageRole`'s order); any channel, or one.
    let fromFilter: UnsafeMutablePointer<GtkComboBoxText>
    let toFilter: UnsafeMutablePointer<GtkComboBoxText>
    let channelFilter: UnsafeMutablePointer<GtkComboBoxText>
    let list: UnsafeMutablePointer<GtkTreeView>
    private let store: UnsafeMutablePointer<GtkListStore>
    private let status: UnsafeMutablePointer<GtkLabel>
    /// The rows shown, with each one's place in the whole list of messages.
    private var shown: [(index: Int, message: LoggedMessage)] = []

    init() {
        root = builder.object("root")
        g_object_ref(root.gpointer)  // the pane moves between the main window and its own: it is ours to keep
        diagram = MessagesDiagram(area: builder.object("diagram"))
        detachButton = builder.object("detach_button")
        clearButton = builder.object("clear_button")
        copyButton = builder.object("copy_button")
        exportButton = builder.object("save_button")
        fromFilter = builder.object("from_filter")
        toFilter = builder.object("to_filter")
        channelFilter = builder.object("channel_filter")
        list = builder.object("list")
        store = builder.object("store")
        status = builder.object("status_label")
        for (combo, any) in [(fromFilter, L("Any sender")), (toFilter, L("Any receiver"))] {
            gtk_combo_box_text_append_text(combo, any)
            for role in MessageRole.allCases { gtk_combo_box_text_append_text(combo, role.title) }
        }
        gtk_combo_box_text_append_text(channelFilter, L("Any channel"))
        for channel in MessageChannel.allCases { gtk_combo_box_text_append_text(channelFilter, channel.title) }
        for combo in [fromFilter, toFilter, channelFilter] { gtk_combo_box_set_active(combo.cast(), 0) }
    }

    isolated deinit { g_object_unref(root.gpointer) }

    /// The widgets of the details' tabs, by id, for their panes.
    func detail<T>(_ id: String) -> UnsafeMutablePointer<T> { builder.object(id) }

    /// In its own window the pane has no use for the button that opens one.
    func setDetached(_ detached: Bool) { detachButton.isVisible = !detached }

    func setStatus(_ text: String) { status.text = text }

    /// Whether `message` passes the filters.
    private func passes(_ message: LoggedMessage) -> Bool {
        func chosen<T>(_ combo: UnsafeMutablePointer<GtkComboBoxText>, _ all: [T]) -> T? {
            let index = Int(gtk_combo_box_get_active(combo.cast()))
            return index > 0 && index <= all.count ? all[index - 1] : nil
        }
        let from = chosen(fromFilter, MessageRole.allCases), to = chosen(toFilter, MessageRole.allCases)
        let channel = chosen(channelFilter, MessageChannel.allCases)
        return (from == nil || message.from == from) && (to == nil || message.to == to) && (channel == nil || message.channel == channel)
    }

    /// Shows the messages that pass the filters: rows already shown are updated in place (a
    /// merged repeat's count), new ones appended; the latest message's arrow lights up, and the
    /// list follows the newest row unless one is selected.
    func show(_ messages: [LoggedMessage], refilter: Bool = false) {
        let rows = messages.enumerated().filter { passes($0.element) }.map { (index: $0.offset, message: $0.element) }
        if refilter || rows.count < shown.count || zip(rows, shown).contains(where: { $0.index != $1.index }) {
            gtk_list_store_clear(store)
            shown = []
        }
        for (position, row) in rows.enumerated() {
            if position < shown.count {
                if shown[position].message != row.message { set(position, row.message) }
            } else {
                var iter = GtkTreeIter()
                gtk_list_store_append(store, &iter)
                fill(&iter, row.message)
            }
        }
        shown = rows
        diagram.show(latest: messages.last, among: messages)
        if selectedIndex == nil { scrollToEnd() }
        setStatus(messages.isEmpty ? L("Use a page: its messages appear here as they pass.")
                                   : LN("{count} message", "{count} messages", messages.count).filling(["count": formattedCount(messages.count)]))
    }

    /// The selected row's place in the whole list of messages.
    var selectedIndex: Int? {
        var iter = GtkTreeIter()
        guard gtk_tree_selection_get_selected(gtk_tree_view_get_selection(list), nil, &iter) != 0,
              let path = gtk_tree_model_get_path(OpaquePointer(store), &iter) else { return nil }
        defer { gtk_tree_path_free(path) }
        let row = Int(gtk_tree_path_get_indices(path)?[0] ?? -1)
        return shown.indices.contains(row) ? shown[row].index : nil
    }

    private func set(_ row: Int, _ message: LoggedMessage) {
        var iter = GtkTreeIter()
        guard gtk_tree_model_iter_nth_child(OpaquePointer(store), &iter, nil, Int32(row)) != 0 else { return }
        fill(&iter, message)
    }

    private func fill(_ iter: inout GtkTreeIter, _ message: LoggedMessage) {
        for (column, text) in Self.cells(message).enumerated() { setText(store, &iter, column: column, text) }
    }

    /// What a row shows: the roles, the channel, the message (with its count), the line of code
    /// it points at, and whose line that is.
    static func cells(_ message: LoggedMessage) -> [String] {
        ["\(message.from.title) → \(message.to.title)", message.channel.title,
         message.count > 1 ? "\(message.text) ×\(formattedCount(message.count))" : message.text, message.source,
         message.side.title]
    }

    private func scrollToEnd() {
        var last = gtk_tree_model_iter_n_children(OpaquePointer(store), nil) - 1
        guard last >= 0, let path = gtk_tree_path_new_from_indicesv(&last, 1) else { return }
        gtk_tree_view_scroll_to_cell(list, path, nil, 0, 0, 0)
        gtk_tree_path_free(path)
    }
}
