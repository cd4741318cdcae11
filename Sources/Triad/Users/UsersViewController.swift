import CGtk
import GtkKit
import TriadModel

/// Seed 003's view controller, the passive half of the MVP pair: it implements the presenter's
/// `UsersView` with the widgets of UsersView.ui, and it is its table's data source. It hands
/// what the person does to the presenter and decides nothing itself.
@MainActor
class UsersViewController: PageController, UsersView, TableDataSource {
    let presenter: UsersPresenter
    private let builder = Builder(resource: AppInfo.ui("UsersView.ui"))
    let root: WidgetPointer
    private let searchEntry: UnsafeMutablePointer<GtkEntry>
    private let states: UnsafeMutablePointer<GtkStack>
    private let table: Table
    private let countLabel: UnsafeMutablePointer<GtkLabel>
    private let spinner: UnsafeMutablePointer<GtkSpinner>
    private let errorLabel: UnsafeMutablePointer<GtkLabel>
    private let importer: UsersImport
    /// The users the table shows, asked for row by row.
    private(set) var users: UsersDataSource?
    private(set) var loading = false
    /// The load under way has shown the first rows of a long list; the rest follows.
    private var firstRowsShown = false
    private var loadingNotice: MainLoopSource?
    private var loadedOnce = false

    init(presenter: UsersPresenter, storePath: String, window: WidgetPointer) {
        self.presenter = presenter
        root = builder.object("root")
        searchEntry = builder.object("search_entry")
        states = builder.object("state_stack")
        countLabel = builder.object("count_label")
        spinner = builder.object("spinner")
        errorLabel = builder.object("error_label")
        table = Table(treeView: builder.object("tree_view"), scrollbar: builder.object("list_scrollbar"),
                      columns: [.init(L("Name"), width: 220), .init(L("Age"), width: 90), .init(L("E-mail"), width: 280)])
        importer = UsersImport(builder: builder, storePath: storePath, window: window)
        table.dataSource = self
        presenter.attachView(self)
        // Target-action: every change of the search text is a search (the entry's own
        // search-changed would wait for a pause in the typing).
        searchEntry.on(.changed, target: self, action: UsersViewController.searchChanged)
        importer.onImported = weakly(self, UsersViewController.searchChanged)
    }

    isolated deinit { presenter.detachView() }

    var defaultButton: WidgetPointer? { nil }
    var isShowingContent: Bool { loadedOnce }

    func pageDidAppear() {
        if users == nil && !loading { presenter.getUsers() }
    }

    func startSearch() { gtk_widget_grab_focus(searchEntry.widget) }

    private func searchChanged() {
        presenter.getUsers(matching: searchEntry.text)
    }

    // MARK: UsersView

    func startLoading() {
        loading = true
        firstRowsShown = false
        // Most loads take a few milliseconds: the page says it is loading only for one that
        // lasts, rather than in a flash (and a spinner not drawn costs nothing).
        loadingNotice?.cancel()
        loadingNotice = MainLoop.after(milliseconds: 300) { [weak self] in self?.showLoadingNotice() }
    }

    func finishLoading() {
        loading = false
        loadingNotice?.cancel()
        loadingNotice = nil
        gtk_spinner_stop(spinner)
    }

    func setUsers(_ users: UsersDataSource) {
        self.users = users
        // The whole of a long list after its first rows keeps the position; a new list starts
        // at the top.
        let continuing = firstRowsShown
        firstRowsShown = loading
        table.reloadData(keepingPosition: continuing)
        countLabel.text = loading ? L("Searching…")
            : LN("{count} user", "{count} users", users.count).filling(["count": formattedCount(users.count)])
        show("list")
    }

    func setEmptyUsers() {
        users = nil
        table.reloadData()
        countLabel.text = ""
        show("empty")
    }

    func showError(_ message: String) {
        users = nil
        table.reloadData()
        countLabel.text = ""  // the count of the rows the error replaces would be stale
        errorLabel.text = message
        show("error")
    }

    private func showLoadingNotice() {
        loadingNotice = nil
        if gtk_stack_get_visible_child_name(states).map({ String(cString: $0) }) == "list", table.count > 0 {
            countLabel.text = L("Searching…")  // the rows on screen stay until the new ones come
        } else {
            gtk_spinner_start(spinner)
            show("loading")
        }
    }

    /// Shows one state of the page: the list, loading, empty or the error.
    private func show(_ state: String) {
        loadedOnce = loadedOnce || state != "loading"
        if let child = gtk_stack_get_child_by_name(states, state) { gtk_widget_show(child) }
        gtk_stack_set_visible_child_name(states, state)
    }

    // MARK: TableDataSource (seed 002's data source: how many rows, and what is in row i)

    var numberOfRows: Int { users?.count ?? 0 }

    func cells(forRow row: Int) -> [String] {
        guard let user = users?.user(at: row).map(UserViewData.init) else { return [] }
        return [user.name, user.age, user.email]
    }
}
