import GtkKit
import TriadModel

/// The main window's widgets (MainWindowView.ui): header bar with the primary menu, a notice bar,
/// the sidebar and the stack of pages. Passive: its controller wires the stack and the window to
/// its own methods and tells it what to show. It hosts the Messages pane beside the pages.
@MainActor
final class MainWindowView: MessagesHost {
    private let builder = Builder(resource: AppInfo.ui("MainWindowView.ui"))
    let window: ApplicationWindow
    let stack: Stack
    private let header: HeaderBar
    private let menuButton: MenuButton
    /// The shown page's classic mistakes (Mistakes/MistakesMenu.swift).
    let mistakesButton: MenuButton
    private let undoButton: Button
    private let redoButton: Button
    /// The Messages pane's place, made by the first `setMessagesPane`.
    private lazy var messagesSlot: Box = makeMessagesSlot()
    /// The bar above the pages and its text, made by the first `showNotice`.
    private lazy var notice: (bar: InfoBar, label: Label) = makeNoticeBar()

    init() {
        window = builder.object("window")
        stack = builder.object("stack")
        header = builder.object("header")
        menuButton = builder.object("menu_button")
        mistakesButton = builder.object("mistakes_button")
        undoButton = builder.object("undo_button")
        redoButton = builder.object("redo_button")
        // The main menu is made the first time it opens: a start whose first frame shows no
        // menu builds none of its widgets.
        menuButton.giveMenuWhenFirstOpened(builder.object("primary_menu"))
    }

    /// An empty page in the stack and the sidebar; its content is added when first shown.
    func addPage(name: String, title: String) {
        let placeholder = Box(vertical: true)
        placeholder.show()
        stack.add(placeholder, named: name, title: title)
    }

    /// Puts `content` into the page `name`'s placeholder, its mnemonics working from the next key.
    func setContent(_ content: Widget, ofPage name: String) {
        stack.child(named: name)?.as(Box.self)?.add(content)
        window.updateKeys()
    }

    /// Takes the page `name`'s content out (its widgets are destroyed).
    func removeContent(ofPage name: String) {
        stack.child(named: name)?.as(Box.self)?.removeAll()
    }

    var visiblePage: String? { stack.visibleChildName }

    func show(page name: String) { stack.visibleChildName = name }

    func setSubtitle(_ text: String) { header.subtitle = text }

    /// Shows Undo and Redo with these tooltips ("Undo Change Apples to 12"), or hides them (nil).
    /// Whether each can be pressed follows its action (`win.undo`, `win.redo`).
    func showUndo(_ titles: (undo: String, redo: String)?) {
        undoButton.isVisible = titles != nil
        redoButton.isVisible = titles != nil
        guard let titles else { return }
        undoButton.tooltip = titles.undo
        redoButton.tooltip = titles.redo
    }

    /// Shows or hides the Messages pane beside the pages (`pane` is packed the first time). The
    /// window grows by the pane's width, so the page keeps its room, and to the pane's height
    /// (its list and the selected message's code); closing the pane gives both back.
    func setMessagesPane(_ pane: Widget, shown: Bool) {
        let slot = messagesSlot
        if pane.parent == nil {
            slot.add(pane)
            window.updateKeys()
        }
        guard slot.isVisible != shown else { return }
        let (width, height) = window.size
        let paneWidth = max(slot.allocatedSize.width, 440)
        slot.isVisible = shown
        guard !window.isMaximized else { return }
        // Never wider than the monitor's work area: then the pane takes its room from the page.
        let workArea = window.monitorWorkArea ?? (Int.max, Int.max)
        if shown {
            heightWithoutPane = height
            window.resize(width: min(width + paneWidth, workArea.width), height: min(max(height, Self.heightWithPane), workArea.height))
        } else {
            window.resize(width: max(width - paneWidth, 600), height: heightWithoutPane ?? height)
        }
    }

    /// The height the pane asks for, and the window's before it opened.
    private static let heightWithPane = 760
    private var heightWithoutPane: Int?

    /// Takes the pane out of the window (to put it in its own).
    func removeMessagesPane(_ pane: Widget) {
        if pane.parent != nil { messagesSlot.remove(pane) }
    }

    /// The place beside the pages for the Messages pane, behind a divider the user can drag: a
    /// pair of panes made the first time the pane opens, with the stack of pages moved into it.
    /// Made with the window, the divider would cost every start its handle's window and the
    /// resize cursor, which GDK reads from the cursor theme and sends to the X server. Taken out
    /// of the window for that moment, the stack loses the focus and the default button; both are
    /// given back.
    private func makeMessagesSlot() -> Box {
        let focus = window.focusedWidget
        let defaultWidget = window.defaultWidget
        let row: Box = builder.object("pages_row")
        let slot = Box(vertical: true)
        retain(stack)
        row.remove(stack)
        let paned = Paned(start: stack, end: slot)
        release(stack)
        paned.accessibleName = L("Divider between the pages and the messages")
        paned.expandsHorizontally = true
        row.add(paned)
        paned.show()
        defaultWidget?.grabDefault()
        if let focus {
            // An entry keeps its selection and cursor, as if the focus had never left.
            if let entry = focus.as(Entry.self) { entry.grabFocusKeepingSelection() } else { focus.grabFocus() }
        }
        return slot
    }

    func showPrimaryMenu() { menuButton.open() }

    /// Puts `bar` above the pages (the bar that says a mistake is switched on).
    func addBarAbovePages(_ bar: InfoBar) {
        builder.object("content_box", as: Box.self).insert(bar, at: 0)
    }

    /// Shows a message above the pages until the user closes it.
    func showNotice(_ text: String) {
        notice.label.text = text
        notice.bar.isVisible = true
    }

    /// The notice bar, made the first time there is something to say: most starts have nothing
    /// to say, and need not make an info bar and its close button.
    private func makeNoticeBar() -> (bar: InfoBar, label: Label) {
        let label = Label()
        label.wrap()
        label.horizontalAlignment = 0
        // Selectable, to copy a path from it with the mouse, but no stop for the keyboard: as the
        // window's first focusable widget it would take the focus at start, its text all selected.
        label.isSelectable = true
        label.canFocus = false
        label.accessibleName = L("Notice")
        label.show()
        let bar = InfoBar(warning: label)
        bar.on(.response, target: self, action: MainWindowView.noticeAnswered)
        builder.object("content_box", as: Box.self).insert(bar, at: 0)
        return (bar, label)
    }

    private func noticeAnswered(_: Response) { notice.bar.isVisible = false }
}
