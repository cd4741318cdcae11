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
    private let countLabel: UnsafeMutablePointer<GtkLabel>
    /// How far a long load has come, for the loading notice (nil: not said).
    private var loadProgress: Double?
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
        ui = try UIDescription(resource: AppInfo.ui("UserListPageView.ui"), only: ["root"])
        ui.setAccessibleNames([
            "search_entry": L("Search users"),
            "import_button": L("Import users"),
            "list_frame": L("User list"),
            "list_scrollbar": L("User list position"),
            "count_label": L("User count"),
        ])
        root = ui.widget("root")
        stack = ui.get("state_stack")
        treeView = ui.get("tree_view")
        countLabel = ui.get("count_label")
        list = WindowedList(treeView: treeView, scrollbar: ui.widget("list_scrollbar"),
                            columns: [.init(L("Name"), width: 220), .init(L("Age"), width: 90), .init(L("E-mail"), width: 280)])
        // Not GtkSearchEntry's search-changed, which comes 150 ms after the last key: a search's
        // first rows are drawn 5–25 ms after the key, so it runs on the keystroke (a burst faster
        // than the store is thinned by the presenter, which keeps only the latest query while a
        // search has no rows yet).
        ui.widget("search_entry").on(.changed, target: self, action: UserListPageView.searchChanged)
        ui.widget("import_button").on(.clicked, target: self, action: UserListPageView.importPressed)
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
        loadProgress = nil
        showStack(nil)
        searchingNotice?.cancel()
        searchingNotice = MainLoop.after(milliseconds: 300) { [weak self] in
            guard let self else { return }
            self.searchingNotice = nil
            self.part(.loadingNotice).isVisible = true
            self.showLoadProgress()
            gtk_spinner_start(self.ui.get("spinner"))
            self.showStack("loading")
        }
    }

    func finishLoading() {
        searchingNotice?.cancel()
        searchingNotice = nil
        guard built(.loadingNotice) else { return }
        gtk_spinner_stop(ui.get("spinner"))
        part(.loadingNotice).isVisible = false
    }

    func showProgress(_ fraction: Double) {
        loadProgress = fraction
        if built(.loadingNotice) { showLoadProgress() }
    }

    private func showLoadProgress() {
        let progress = ui.get("progress", as: GtkProgressBar.self)
        progress.isVisible = (loadProgress ?? 1) < 1
        gtk_progress_bar_set_fraction(progress, loadProgress ?? 0)
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
        // Built by the first empty list: GtkStack sizes and styles every visible child with the
        // window, shown or not (2.2 M instructions of the Users page's first frame, #16).
        part(.emptyState).isVisible = true
        showStack("empty")
        onShown?()
    }

    func showError(_ message: String) {
        showingFirstRows = false
        countLabel.text = ""  // the count of the rows the error replaces would be stale
        let label = part(.errorLabel)
        label.cast(to: GtkLabel.self).text = message
        label.isVisible = true
        stack.isVisible = false
        onShown?()
    }

    /// Rows are on screen (a new search keeps them until its result arrives). Not before the first
    /// rows: the list is the stack's state then too, but empty, and a first load that lasts shows
    /// the loading notice instead.
    private var listShown: Bool {
        list.count > 0 && stack.isVisible && gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } == "list"
    }

    /// Back from an error to the states of the stack, showing the one named (if any; a state
    /// the stack shows has to be visible).
    private func showStack(_ name: String?) {
        if built(.errorLabel) { part(.errorLabel).isVisible = false }
        stack.isVisible = true
        if let name { gtk_stack_set_visible_child_name(stack, name) }
    }

    // MARK: Parts built on first use

    /// The parts of the page a start seldom shows, top-level objects of UserListPageView.ui.
    private enum Part: String {
        case importBox = "import_box", importMessage = "import_message", errorLabel = "error_label"
        case loadingNotice = "loading_notice", emptyState = "empty_state"

        /// Those that go in the page's box, from the top: below the search row; the stack of
        /// states comes between the import result and the error, the count last.
        static let inBox: [Part] = [.importBox, .importMessage, .errorLabel]

        /// The name of the stack's state it is, for those that are one.
        var stackState: String? {
            switch self {
            case .loadingNotice: "loading"
            case .emptyState: "empty"
            default: nil
            }
        }
    }

    private func built(_ part: Part) -> Bool { ui.has(part.rawValue) }

    /// The part, built and put in its place the first time it is asked for.
    private func part(_ part: Part) -> WidgetPointer {
        if built(part) { return ui.widget(part.rawValue) }
        do {
            try ui.build([part.rawValue])
        } catch {
            fatalError(error.description)  // the .ui file is compiled in: a bug, as a missing id is
        }
        let widget = ui.widget(part.rawValue)
        if let state = part.stackState {
            gtk_stack_add_named(stack, widget, state)
        } else {
            // Below the search row, the built parts above it and, for the error, the stack.
            let above = Part.inBox.prefix { $0 != part }.filter(built).count + (part == .errorLabel ? 1 : 0)
            gtk_container_add(root.cast(), widget)
            gtk_box_reorder_child(root.cast(), widget, gint(1 + above))
        }
        switch part {
        case .emptyState:
            ui.setAccessibleNames(["empty_label": L("No users yet"),
                                   "empty_import_button": L("Import users from the empty list")])
            ui.widget("empty_import_button").on(.clicked, target: self, action: UserListPageView.importPressed)
            ui.widget("empty_import_button").isSensitive = ui.widget("import_button").isSensitive  // not while importing
        case .importBox:
            ui.setAccessibleNames(["cancel_import_button": L("Cancel import")])
            ui.widget("cancel_import_button").on(.clicked, target: self, action: UserListPageView.cancelImportPressed)
        case .importMessage:
            ui.setAccessibleNames(["import_message": L("Import result")])
        case .errorLabel:
            ui.setAccessibleNames(["error_label": L("User list error")])
        case .loadingNotice:
            break
        }
        return widget
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
        if importing || built(.importBox) { part(.importBox).isVisible = importing }
        ui.widget("import_button").isSensitive = !importing
        if built(.emptyState) { ui.widget("empty_import_button").isSensitive = !importing }
        if importing {
            gtk_progress_bar_set_fraction(ui.get("import_progress"), 0)
            if built(.importMessage) { part(.importMessage).isVisible = false }
        }
    }

    func showImportProgress(_ fraction: Double) {
        guard built(.importBox) else { return }  // made by showImporting(true), before any progress
        gtk_progress_bar_set_fraction(ui.get("import_progress"), fraction)
    }

    func showImportResult(_ message: String, isError: Bool) {
        let label = part(.importMessage)
        label.cast(to: GtkLabel.self).text = message
        label.setStyleClass("error-message", isError)
        label.isVisible = true
    }

    /// Text of the search field, e.g. to reload with the same query after an import.
    var query: String { ui.get("search_entry", as: GtkEntry.self).text }

    func focusSearch() { gtk_widget_grab_focus(ui.widget("search_entry")) }
}
