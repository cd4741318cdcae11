import CGtk
import GtkKit
import TriadModel

/// The main window's widgets (MainWindowView.ui): header bar with the primary menu, a notice bar,
/// the sidebar and the stack of pages. Passive: it reports page switches and close requests to
/// its controller and shows what it is told. It hosts the Messages pane beside the pages.
@MainActor
final class MainWindowView: MessagesHost {
    private let ui: UIDescription
    let window: UnsafeMutablePointer<GtkWindow>
    private let stack: UnsafeMutablePointer<GtkStack>
    private let header: UnsafeMutablePointer<GtkHeaderBar>
    private let noticeBar: UnsafeMutablePointer<GtkInfoBar>

    /// The visible page changed (a click in the sidebar, Alt+N, or `show(page:)`).
    var onPageChanged: (@MainActor () -> Void)?
    /// The window's *should close*: return false to keep it open.
    var onCloseRequest: (@MainActor () -> Bool)?

    init() throws(BuilderError) {
        ui = try UIDescription(resource: AppInfo.ui("MainWindowView.ui"))
        ui.setAccessibleNames([
            "menu_button": L("Main menu"),
            "notice_label": L("Notice"),
            "sidebar": L("Features"),
        ])
        window = ui.get("window")
        stack = ui.get("stack")
        header = ui.get("header")
        noticeBar = ui.get("notice_bar")
        stack.on(.notify("visible-child-name"), target: self, action: MainWindowView.pageChanged)
        window.on(.deleteEvent, target: self, action: MainWindowView.deleteRequested)
        noticeBar.on(.response, target: self, action: MainWindowView.noticeAnswered)
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
    /// window grows by the pane's width, so the page keeps its room.
    func setMessagesPane(_ pane: WidgetPointer, shown: Bool) {
        let slot = ui.widget("messages_slot")
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
        gtk_window_resize(window, shown ? min(width + paneWidth, workArea.width) : max(width - paneWidth, 600), height)
    }

    /// Takes the pane out of the window (to put it in its own).
    func removeMessagesPane(_ pane: WidgetPointer) {
        if gtk_widget_get_parent(pane) != nil { gtk_container_remove(ui.get("messages_slot", as: GtkContainer.self), pane) }
    }

    func showPrimaryMenu() { gtk_toggle_button_set_active(ui.get("menu_button", as: GtkToggleButton.self), 1) }

    /// Shows a message above the pages until the user closes it.
    func showNotice(_ text: String) {
        ui.get("notice_label", as: GtkLabel.self).text = text
        noticeBar.isVisible = true
    }

    private func pageChanged() { onPageChanged?() }

    private func deleteRequested() -> Bool {
        !(onCloseRequest?() ?? true)  // true keeps the window open
    }

    private func noticeAnswered(_: Int32) { noticeBar.isVisible = false }
}
