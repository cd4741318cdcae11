import CGtk
import GtkKit
import TriadModel

/// The main window's widgets (MainWindowView.ui): header bar with the primary menu, a notice bar,
/// the sidebar and the stack of pages. Passive: its controller wires the stack and the window to
/// its own methods and tells it what to show. It hosts the Messages pane beside the pages.
@MainActor
final class MainWindowView: MessagesHost {
    private let builder = Builder(resource: AppInfo.ui("MainWindowView.ui"))
    let window: UnsafeMutablePointer<GtkWindow>
    let stack: UnsafeMutablePointer<GtkStack>
    private let header: UnsafeMutablePointer<GtkHeaderBar>
    private let menuButton: UnsafeMutablePointer<GtkMenuButton>
    /// The Messages pane's place, made by the first `setMessagesPane`.
    private lazy var messagesSlot: WidgetPointer = makeMessagesSlot()
    /// The bar above the pages and its text, made by the first `showNotice`.
    private lazy var notice: (bar: UnsafeMutablePointer<GtkInfoBar>, label: UnsafeMutablePointer<GtkLabel>) = makeNoticeBar()

    init() {
        window = builder.object("window")
        stack = builder.object("stack")
        header = builder.object("header")
        menuButton = builder.object("menu_button")
        // The main menu is made the first time it opens: given its model, GtkMenuButton builds
        // the popover at once, with a button and labels for each item, work a start whose first
        // frame shows none of them can skip. Without a popup GTK 3 makes the button insensitive,
        // so it is made sensitive here, as the model would have made it; `menuToggled` gives it
        // the model as it first opens, whether by a click, F10, Space or an accessibility action.
        // (A closure, not target-action: the Messages pane has nothing to learn from the menu's
        // own plumbing.)
        gtk_widget_set_sensitive(menuButton.widget, 1)
        menuButton.on(.toggled) { [weak self] in self?.menuToggled() }
    }

    /// An empty page in the stack and the sidebar; its content is added when first shown.
    func addPage(name: String, title: String) {
        let placeholder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_show(placeholder)
        gtk_stack_add_titled(stack, placeholder, name, title)
    }

    /// Puts `content` into the page `name`'s placeholder.
    func setContent(_ content: WidgetPointer, ofPage name: String) {
        guard let placeholder = gtk_stack_get_child_by_name(stack, name) else { return }
        gtk_container_add(placeholder.cast(), content)
    }

    var visiblePage: String? { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } }

    func show(page name: String) { gtk_stack_set_visible_child_name(stack, name) }

    func setSubtitle(_ text: String) { gtk_header_bar_set_subtitle(header, text) }

    /// Shows or hides the Messages pane beside the pages (`pane` is packed the first time). The
    /// window grows by the pane's width, so the page keeps its room, and to the pane's height
    /// (its list and the selected message's code); closing the pane gives both back.
    func setMessagesPane(_ pane: WidgetPointer, shown: Bool) {
        let slot = messagesSlot
        if gtk_widget_get_parent(pane) == nil { gtk_box_pack_start(slot.cast(), pane, 1, 1, 0) }
        guard slot.isVisible != shown else { return }
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_size(window, &width, &height)
        let paneWidth = max(gtk_widget_get_allocated_width(slot), 440)
        slot.isVisible = shown
        guard gtk_window_is_maximized(window) == 0 else { return }
        // Never wider than the monitor's work area: then the pane takes its room from the page.
        var workArea = GdkRectangle(x: 0, y: 0, width: Int32.max, height: Int32.max)
        if let display = gtk_widget_get_display(window.widget), let surface = gtk_widget_get_window(window.widget),
           let monitor = gdk_display_get_monitor_at_window(display, surface) {
            gdk_monitor_get_workarea(monitor, &workArea)
        }
        if shown {
            heightWithoutPane = height
            gtk_window_resize(window, min(width + paneWidth, workArea.width), min(max(height, Self.heightWithPane), workArea.height))
        } else {
            gtk_window_resize(window, max(width - paneWidth, 600), heightWithoutPane ?? height)
        }
    }

    /// The height the pane asks for, and the window's before it opened.
    private static let heightWithPane: Int32 = 760
    private var heightWithoutPane: Int32?

    /// Takes the pane out of the window (to put it in its own).
    func removeMessagesPane(_ pane: WidgetPointer) {
        if gtk_widget_get_parent(pane) != nil { gtk_container_remove(messagesSlot.cast(), pane) }
    }

    /// The place beside the pages for the Messages pane, behind a divider the user can drag: a
    /// GtkPaned made the first time the pane opens, with the stack of pages moved into it. Made
    /// with the window, a paned would cost every start its handle's window and the resize cursor,
    /// which GDK reads from the cursor theme and sends to the X server. Taken out of the window
    /// for that moment, the stack loses the focus and the default button; both are given back.
    private func makeMessagesSlot() -> WidgetPointer {
        let focus = gtk_window_get_focus(window), defaultWidget = gtk_window_get_default_widget(window)
        let row = builder.object("pages_row", as: GtkContainer.self)
        let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        paned.setAccessibleName(L("Divider between the pages and the messages"))
        let slot = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_hexpand(paned, 1)
        g_object_ref(stack.gpointer)
        gtk_container_remove(row, stack.widget)
        gtk_paned_pack1(paned.cast(), stack.widget, 1, 0)
        g_object_unref(stack.gpointer)
        gtk_paned_pack2(paned.cast(), slot, 0, 0)
        gtk_container_add(row, paned)
        gtk_widget_show(paned)
        if let defaultWidget { gtk_widget_grab_default(defaultWidget) }
        if let focus {
            // An entry keeps its selection and cursor, as if the focus had never left.
            if isA(focus, gtk_entry_get_type()) {
                gtk_entry_grab_focus_without_selecting(focus.cast())
            } else {
                gtk_widget_grab_focus(focus)
            }
        }
        return slot
    }

    func showPrimaryMenu() { gtk_toggle_button_set_active(menuButton.cast(), 1) }

    /// Shows a message above the pages until the user closes it.
    func showNotice(_ text: String) {
        notice.label.text = text
        notice.bar.isVisible = true
    }

    /// The notice bar, made the first time there is something to say: most starts have nothing
    /// to say, and need not make an info bar and its close button.
    private func makeNoticeBar() -> (bar: UnsafeMutablePointer<GtkInfoBar>, label: UnsafeMutablePointer<GtkLabel>) {
        let bar = gtk_info_bar_new()!.cast(to: GtkInfoBar.self)
        gtk_info_bar_set_message_type(bar, GTK_MESSAGE_WARNING)
        gtk_info_bar_set_show_close_button(bar, 1)
        let label = gtk_label_new(nil)!.cast(to: GtkLabel.self)
        gtk_label_set_line_wrap(label, 1)
        gtk_label_set_xalign(label, 0)
        // Selectable, to copy a path from it with the mouse, but no stop for the keyboard: as the
        // window's first focusable widget it would take the focus at start, its text all selected.
        gtk_label_set_selectable(label, 1)
        gtk_widget_set_can_focus(label.widget, 0)
        label.setAccessibleName(L("Notice"))
        gtk_widget_show(label.widget)
        gtk_container_add(gtk_info_bar_get_content_area(bar).cast(), label.widget)
        bar.on(.response, target: self, action: MainWindowView.noticeAnswered)
        let box = builder.object("content_box", as: GtkBox.self)
        gtk_box_pack_start(box, bar.widget, 0, 0, 0)
        gtk_box_reorder_child(box, bar.widget, 0)
        return (bar, label)
    }

    /// The first opening: GTK's own handler, which runs first, had no popover to show.
    private func menuToggled() {
        guard gtk_menu_button_get_popover(menuButton) == nil, gtk_toggle_button_get_active(menuButton.cast()) != 0 else { return }
        gtk_menu_button_set_menu_model(menuButton, builder.object("primary_menu", as: GMenuModel.self))
        if let popover = gtk_menu_button_get_popover(menuButton) { gtk_popover_popup(popover.cast()) }
    }

    private func noticeAnswered(_: Int32) { notice.bar.isVisible = false }
}
