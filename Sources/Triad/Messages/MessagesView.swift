import GtkKit
import TriadModel

/// The Messages pane's widgets (MessagesView.ui): the buttons, the diagram, the filters, the rows,
/// and the details of the selected row (its code, the model's state after it, an exercise). Its
/// controller wires the buttons and the filters to its own methods and hands it the messages.
@MainActor
final class MessagesView: LearningTool {
    private let builder = Builder(resource: AppInfo.ui("MessagesView.ui"))
    let root: Widget
    let diagram: MessagesDiagram
    let detachButton: Button
    let clearButton: Button
    let copyButton: Button
    let exportButton: Button
    /// The filters: any part, or one (in `MessageRole`'s order); any channel, or one.
    let fromFilter: ComboBoxText
    let toFilter: ComboBoxText
    let channelFilter: ComboBoxText
    let list: TreeView
    private let store: ListStore
    private let status: Label
    /// The rows shown, with each one's place in the whole list of messages.
    private var shown: [(index: Int, message: LoggedMessage)] = []
    /// Which rows are dimmed, by their message's id: asked as a row is drawn, so that travel
    /// dims the rows after its moment by redrawing the rows in view, not by rewriting every row.
    private var dimmed: @MainActor (Int) -> Bool = { _ in false }

    init() {
        root = builder.object("root")
        retain(root)  // the pane moves between the main window and its own: it is ours to keep
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
        let roles = MessageRole.allCases.map(\.title)
        fromFilter.setItems([L("Any sender")] + roles, selected: 0)
        toFilter.setItems([L("Any receiver")] + roles, selected: 0)
        channelFilter.setItems([L("Any channel")] + MessageChannel.allCases.map(\.title), selected: 0)
        // Three filters share a row: each is cut short rather than widen the pane past the screen.
        for filter in [fromFilter, toFilter, channelFilter] { filter.ellipsizesItems() }
        list.setSensitivity(byKeyIn: Self.idColumn) { [weak self] id in !(self?.dimmed(id) ?? false) }
    }

    /// The store's column of each row's message id (MessagesView.ui).
    private static let idColumn = 5

    isolated deinit { release(root) }

    /// The widgets of the details' tabs, by id, for their panes.
    func detail<T: ObjectHandle>(_ id: String) -> T { builder.object(id) }

    /// In its own window the pane has no use for the button that opens one.
    func setDetached(_ detached: Bool) { detachButton.isVisible = !detached }

    func setStatus(_ text: String) { status.text = text }

    /// Whether a message passes the filters, read from them once for a whole list of messages.
    private func filter() -> (LoggedMessage) -> Bool {
        func chosen<T>(_ combo: ComboBoxText, _ all: [T]) -> T? {
            let index = combo.selectedIndex
            return index > 0 && index <= all.count ? all[index - 1] : nil
        }
        let from = chosen(fromFilter, MessageRole.allCases)
        let to = chosen(toFilter, MessageRole.allCases)
        let channel = chosen(channelFilter, MessageChannel.allCases)
        return { message in
            (from == nil || message.from == from) && (to == nil || message.to == to) && (channel == nil || message.channel == channel)
        }
    }

    /// Shows the messages that pass the filters: rows already shown are updated in place (a
    /// merged repeat's count), new ones appended, those `dimmed` chooses (the rows after the
    /// moment travelled to, by their ids) dimmed; the latest message's arrow lights up, and the list follows
    /// the newest row unless one is selected.
    func show(_ messages: [LoggedMessage], refilter: Bool = false, dimmed: @escaping @MainActor (Int) -> Bool = { _ in false }) {
        let passes = filter()
        let rows = messages.enumerated().filter { passes($0.element) }.map { (index: $0.offset, message: $0.element) }
        dim(dimmed)  // the rows in view dimmed afresh: which ones may have changed
        if refilter || rows.count < shown.count || zip(rows, shown).contains(where: { $0.index != $1.index }) {
            shown = []  // first: clearing the store changes the selection, whose handler asks for it
            store.clear()
        }
        for (position, row) in rows.enumerated() {
            if position < shown.count {
                if !Self.showsTheSame(shown[position], row) { store.replace(row: position, with: Self.cells(row)) }
            } else {
                store.append(Self.cells(row))
            }
        }
        shown = rows
        diagram.show(latest: messages.last, among: messages)
        if selectedIndex == nil { list.scroll(toRow: store.rowCount - 1) }
        setStatus(
            messages.isEmpty
                ? L("Use a page: its messages appear here as they pass.")
                : LN("{count} message", "{count} messages", messages.count).filling(["count": formattedCount(messages.count)]))
    }

    /// The rows unchanged, dims again those `dimmed` chooses (a move through time).
    func dim(_ dimmed: @escaping @MainActor (Int) -> Bool) {
        self.dimmed = dimmed
        list.queueDraw()
    }

    /// Scrolls the list to the row of `messages[index]`, if the filters show it.
    func scroll(toMessage index: Int) {
        for row in shown.indices where shown[row].index == index { return list.scroll(toRow: row) }
    }

    /// The selected row's place in the whole list of messages.
    var selectedIndex: Int? {
        guard let row = list.selection.selectedRow, shown.indices.contains(row) else { return nil }
        return shown[row].index
    }

    /// Whether a row shown already shows `row`: what a row shows comes from these alone. (Comparing
    /// the whole messages would compare the model's state each carries, on every row at every
    /// refresh, and travel refreshes at every step.)
    private static func showsTheSame(
        _ old: (index: Int, message: LoggedMessage), _ new: (index: Int, message: LoggedMessage)
    ) -> Bool {
        let (a, b) = (old.message, new.message)
        return a.id == b.id && a.count == b.count && a.text == b.text && a.from == b.from && a.to == b.to
            && a.channel == b.channel && a.file == b.file && a.line == b.line && a.side == b.side
    }

    private static func cells(_ row: (index: Int, message: LoggedMessage)) -> [ListStore.Cell] {
        cells(row.message).map { ListStore.Cell.text($0) } + [.key(row.message.id)]
    }

    /// What a row shows: the roles, the channel, the message (with its count), the line of code
    /// it points at, and whose line that is.
    static func cells(_ message: LoggedMessage) -> [String] {
        [
            "\(message.from.title) → \(message.to.title)", message.channel.title,
            message.count > 1 ? "\(message.text) ×\(formattedCount(message.count))" : message.text, message.source,
            message.side.title,
        ]
    }
}
