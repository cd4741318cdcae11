import CGtk
import GtkKit
import TriadModel

/// The main window's widgets (MainWindowView.ui): header bar with the primary menu, a notice bar,
/// the sidebar and the stack of pages. Passive: it reports page switches and close requests to
/// its controller and shows what it is told.
@MainActor
final class MainWindowView {
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
