import CGtk
import GtkKit
import TriadModel

/// Seed 003's passive view: a fixed-height GtkTreeView, windowed by GtkKit's `WindowedList` so
/// that its model (a thin data source) holds only the rows on screen, over the presenter's
/// `UserListViewData`; plus loading, empty and error states. It implements the seed's `UserListView`
/// protocol and decides nothing itself.
@MainActor
final class UserListPageView: UserListView {
    private let ui: UIDescription
    let root: WidgetPointer
    private let stack: UnsafeMutablePointer<GtkStack>
    private let treeView: UnsafeMutablePointer<GtkTreeView>
    private let list: WindowedList
    private let spinner: UnsafeMutablePointer<GtkSpinner>
    private let progress: UnsafeMutablePointer<GtkProgressBar>
    private let countLabel: UnsafeMutablePointer<GtkLabel>
    /// What is on screen is the head of a result still being read.
    private var showingFirstRows = false
    private var rowsShownOnce = false
    /// Says "Searching…" or shows the spinner if a load takes long (cancelled when it ends).
    private var searchingNotice: MainLoopSource?
    /// The import file chooser while it is open.
    private var importChooser: Owned<GtkNativeDialog>?

    private let typing = OncePerTurn()

    var onSearch: (@MainActor (String) -> Void)?
    var onImport: (@MainActor () -> Void)?
    /// Files were dropped on the page: their paths.
    var onDrop: (@MainActor ([String]) -> Void)?
    var onCancelImport: (@MainActor () -> Void)?
    /// Called after rows, the empty state or an error were handed to GTK.
    var onShown: (@MainActor () -> Void)?

    init() throws(BuilderError) {
        ui = try UIDescription(resource: AppInfo.ui("UserListPageView.ui"))
        ui.setAccessibleNames([
            "search_entry": L("Search users"),
            "import_button": L("Import users"),
            "cancel_import_button": L("Cancel import"),
            "import_message": L("Import result"),
            "list_frame": L("User list"),
            "list_scrollbar": L("User list position"),
            "empty_label": L("No users yet"),
            "empty_import_button": L("Import users from the empty list"),
            "error_label": L("User list error"),
            "count_label": L("User count"),
        ])
        root = ui.widget("root")
        stack = ui.get("state_stack")
        treeView = ui.get("tree_view")
        spinner = ui.get("spinner")
        progress = ui.get("progress")
        countLabel = ui.get("count_label")
        list = WindowedList(treeView: treeView, scrollbar: ui.widget("list_scrollbar"),
                            columns: [.init(L("Name"), width: 220), .init(L("Age"), width: 90), .init(L("E-mail"), width: 280)])
        // Not GtkSearchEntry's search-changed, which comes 150 ms after the last key: a search's
        // first rows are drawn 5–25 ms after the key, so it runs on the keystroke (a burst faster
        // than the store is thinned by the presenter, which keeps only the latest query while a
        // search has no rows yet).
        ui.widget("search_entry").on(.changed, target: self, action: UserListPageView.searchChanged)
        ui.widget("import_button").on(.clicked, target: self, action: UserListPageView.importPressed)
        ui.widget("empty_import_button").on(.clicked, target: self, action: UserListPageView.importPressed)
        ui.widget("cancel_import_button").on(.clicked, target: self, action: UserListPageView.cancelImportPressed)
        // A CSV or JSON file dropped anywhere on the page (the list or the empty state) imports it.
        acceptFileDrops(on: root, weakly(self, UserListPageView.filesDropped))
    }

    private func searchChanged() { typing.schedule { [weak self] in self.map { $0.onSearch?($0.query) } } }
    private func importPressed() { onImport?() }
    private func filesDropped(_ paths: [String]) { onDrop?(paths) }
    private func cancelImportPressed() { onCancelImport?() }

    // MARK: UserListView

    func startLoading() {
        showingFirstRows = false  // a new load: what comes next is not the rest of the old one
        if listShown {
            // A search over a list on screen: the rows stay until the new ones arrive. Most
            // searches take under 20 ms: a notice only for one that lasts, rather than a flash.
            searchingNotice?.cancel()
            searchingNotice = MainLoop.after(milliseconds: 300) { [weak self] in
                self?.searchingNotice = nil
                self?.countLabel.text = L("Searching…")
            }
            return
        }
        // The first rows of even a million users come in ~20 ms: the spinner and its words
        // only for a load that lasts, not a flash. (Drawing the spinner also loads the SVG
        // renderer for its icon: 8 MB and 10 ms of a start on this page.)
        progress.isVisible = false
        showStack("loading")
        searchingNotice?.cancel()
        searchingNotice = MainLoop.after(milliseconds: 300) { [weak self] in
            guard let self else { return }
            self.searchingNotice = nil
            self.ui.widget("loading_notice").isVisible = true
            gtk_spinner_start(self.spinner)
        }
    }

    func finishLoading() {
        searchingNotice?.cancel()
        searchingNotice = nil
        gtk_spinner_stop(spinner)
        ui.widget("loading_notice").isVisible = false
    }

    func showProgress(_ fraction: Double) {
        progress.isVisible = fraction < 1
        gtk_progress_bar_set_fraction(progress, fraction)
    }

    func setUsers(_ users: UserListViewData) {
        show(users, keepingPosition: showingFirstRows)
        showingFirstRows = false
        countLabel.text = LN("{count} user", "{count} users", users.count).filling(["count": formattedCount(users.count)])
        onShown?()
    }

    func setFirstUsers(_ users: UserListViewData) {
        show(users, keepingPosition: false)
        showingFirstRows = true
        countLabel.text = L("Searching…")
        onShown?()
    }

    /// The window's data source answers from the presenter's view data; only rows on screen are
    /// ever asked for.
    private func show(_ users: UserListViewData, keepingPosition: Bool) {
        if !rowsShownOnce { StartupPhases.mark("first rows handed to the list") }
        rowsShownOnce = true
        list.setRows(count: users.count, keepingPosition: keepingPosition, cell: users.text(row:column:))
        showStack("list")
    }

    func setEmptyUsers() {
        list.setRows(count: 0) { _, _ in nil }
        showingFirstRows = false
        countLabel.text = ""
        // Hidden until the first empty list: GtkStack sizes and styles every visible child with
        // the window, shown or not (2.2 M instructions of the Users page's first frame, #16).
        ui.widget("empty_state").isVisible = true
        showStack("empty")
        onShown?()
    }

    func showError(_ message: String) {
        showingFirstRows = false
        ui.get("error_label", as: GtkLabel.self).text = message
        ui.widget("error_label").isVisible = true
        stack.isVisible = false
        onShown?()
    }

    /// Rows are on screen (a new search keeps them until its result arrives).
    private var listShown: Bool {
        stack.isVisible && gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } == "list"
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
        importChooser = chooseFile(title: L("Import Users"), action: GTK_FILE_CHOOSER_ACTION_OPEN, accept: L("_Import"),
                                   cancel: L("_Cancel"), parent: root, configure: { chooser in
            let filter = gtk_file_filter_new()!
            gtk_file_filter_set_name(filter, L("Users (CSV or JSON)"))
            for type in ["text/csv", "application/json"] { gtk_file_filter_add_mime_type(filter, type) }
            gtk_file_chooser_add_filter(chooser, filter)
        }, chosen: chosen, answered: { [weak self] in self?.importChooser = nil })
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

    func focusSearch() { gtk_widget_grab_focus(ui.widget("search_entry")) }
}
