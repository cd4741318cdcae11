import CGtk
import GtkKit
import TriadModel

/// Seed 003's passive view: a fixed-height GtkTreeView whose model is a thin data source over
/// the presenter's `UserListViewData`, plus loading, empty and error states. It implements the
/// seed's `UserView` protocol and decides nothing itself.
@MainActor
final class UsersView: UserView {
    private let ui: UIDescription
    let root: WidgetPointer
    private let stack: UnsafeMutablePointer<GtkStack>
    private let treeView: UnsafeMutablePointer<GtkTreeView>
    private let spinner: UnsafeMutablePointer<GtkSpinner>
    private let progress: UnsafeMutablePointer<GtkProgressBar>
    private let countLabel: UnsafeMutablePointer<GtkLabel>
    private var dataSource: ListDataSource?

    var onSearch: (@MainActor (String) -> Void)?
    var onImport: (@MainActor () -> Void)?
    var onCancelImport: (@MainActor () -> Void)?
    /// Called after rows (or the empty state) were handed to GTK.
    var onShown: (@MainActor () -> Void)?

    init() throws(BuilderError) {
        ui = try UIDescription(resource: AppInfo.ui("users.ui"))
        root = ui.widget("root")
        stack = ui.get("state_stack")
        treeView = ui.get("tree_view")
        spinner = ui.get("spinner")
        progress = ui.get("progress")
        countLabel = ui.get("count_label")
        for (index, title) in [L("Name"), L("Age"), L("E-mail")].enumerated() {
            addColumn(title, index: index, width: [220, 90, 280][index])
        }
        // The name goes on the scrolled window, not the tree view: creating the tree view's
        // accessible object early makes GTK emit one "children-changed" per row on every new
        // model (1M signals for 1M users). It is created when an assistive tool asks for it.
        ui.widget("list_scroller").setAccessibleName(L("User list"))
        ui.widget("search_entry").setAccessibleName(L("Search users"))
        ui.widget("import_button").setAccessibleName(L("Import users"))
        ui.widget("empty_import_button").setAccessibleName(L("Import users from the empty list"))
        ui.widget("empty_label").setAccessibleName(L("No users yet"))
        ui.widget("error_label").setAccessibleName(L("User list error"))
        countLabel.setAccessibleName(L("User count"))
        // GtkSearchEntry debounces typing itself (search-changed, 150 ms after the last key).
        ui.widget("search_entry").on("search-changed") { [weak self] in
            guard let self else { return }
            self.onSearch?(self.ui.get("search_entry", as: GtkEntry.self).text)
        }
        ui.widget("import_button").on("clicked") { [weak self] in self?.onImport?() }
        ui.widget("cancel_import_button").on("clicked") { [weak self] in self?.onCancelImport?() }
        ui.widget("cancel_import_button").setAccessibleName(L("Cancel import"))
        ui.widget("import_message").setAccessibleName(L("Import result"))
        ui.widget("empty_import_button").on("clicked") { [weak self] in self?.onImport?() }
    }

    private func addColumn(_ title: String, index: Int, width: Int32) {
        let renderer = gtk_cell_renderer_text_new()!
        let column = gtk_tree_view_column_new()!
        gtk_tree_view_column_set_title(column, title)
        gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED)  // needed by fixed-height mode
        gtk_tree_view_column_set_fixed_width(column, width)
        gtk_tree_view_column_set_resizable(column, 1)
        gtk_tree_view_column_pack_start(column, renderer, 1)
        gtk_tree_view_column_add_attribute(column, renderer, "text", gint(index))
        gtk_tree_view_append_column(treeView, column)
    }

    // MARK: UserView

    func startLoading() {
        gtk_spinner_start(spinner)
        progress.isVisible = false
        showStack("loading")
    }

    func finishLoading() {
        gtk_spinner_stop(spinner)
    }

    func showProgress(_ fraction: Double) {
        progress.isVisible = fraction < 1
        gtk_progress_bar_set_fraction(progress, fraction)
    }

    func setUsers(_ users: UserListViewData) {
        // The data source answers from the presenter's view data; the tree view asks only for
        // the rows it draws.
        let source = ListDataSource(columns: 3, count: users.count) { row, column in
            guard let user = users[row] else { return nil }
            return column == 0 ? user.name : column == 1 ? user.age : user.email
        }
        gtk_tree_view_set_model(treeView, source.model)
        dataSource = source  // keeps the model (and the rows) alive while shown
        countLabel.text = LN("{count} user", "{count} users", users.count).filling(["count": String(users.count)])
        showStack("list")
        onShown?()
    }

    func setEmptyUsers() {
        gtk_tree_view_set_model(treeView, nil)
        dataSource = nil
        countLabel.text = ""
        showStack("empty")
        onShown?()
    }

    func showError(_ message: String) {
        ui.get("error_label", as: GtkLabel.self).text = message
        ui.widget("error_label").isVisible = true
        stack.isVisible = false
    }

    /// Back from an error to the states of the stack.
    private func showStack(_ name: String) {
        ui.widget("error_label").isVisible = false
        stack.isVisible = true
        gtk_stack_set_visible_child_name(stack, name)
    }

    // MARK: Import

    /// Asks for a CSV or JSON file; `chosen` gets its path.
    func chooseImportFile(_ chosen: @escaping @MainActor (String) -> Void) {
        let parent = gtk_widget_get_toplevel(root)?.cast(to: GtkWindow.self)
        let chooser = gtk_file_chooser_native_new(L("Import Users"), parent, GTK_FILE_CHOOSER_ACTION_OPEN, L("_Import"), L("_Cancel"))!
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, L("Users (CSV or JSON)"))
        for pattern in ["*.csv", "*.CSV", "*.json", "*.JSON"] { gtk_file_filter_add_pattern(filter, pattern) }
        gtk_file_chooser_add_filter(chooser, filter)
        chooser.on("response", withArgument: { argument in
            if responseID(argument) == GTK_RESPONSE_ACCEPT.rawValue,
               let name = gtk_file_chooser_get_filename(chooser) {
                let path = String(cString: name)
                g_free(name)
                chosen(path)
            }
            g_object_unref(chooser.gpointer)  // the reference from _new, kept while it was open
        })
        gtk_native_dialog_show(UnsafeMutablePointer<GtkNativeDialog>(chooser))
    }

    func showImporting(_ importing: Bool) {
        ui.widget("import_box").isVisible = importing
        ui.widget("import_button").isSensitive = !importing
        ui.widget("empty_import_button").isSensitive = !importing
        if importing {
            gtk_progress_bar_set_fraction(ui.get("import_progress"), 0)
            ui.widget("import_message").isVisible = false
        }
    }

    func showImportProgress(_ fraction: Double) {
        gtk_progress_bar_set_fraction(ui.get("import_progress"), fraction)
    }

    func showImportResult(_ message: String, isError: Bool) {
        let label = ui.get("import_message", as: GtkLabel.self)
        label.text = message
        label.setStyleClass("error-message", isError)
        label.isVisible = true
    }

    /// Text of the search field, e.g. to reload with the same query after an import.
    var query: String { ui.get("search_entry", as: GtkEntry.self).text }
}
