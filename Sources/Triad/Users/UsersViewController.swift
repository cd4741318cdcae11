import GtkKit
import TriadModel

/// Seed 003's view controller, the passive half of the MVP pair: it implements the presenter's
/// `UsersView` with the widgets of UsersViewController.ui, and it is its table's data source. It
/// hands what the person does to the presenter and decides nothing itself.
@MainActor
final class UsersViewController: UsersView, TableDataSource {
    let presenter: any UsersPresenterProtocol
    private let builder = Builder(resource: AppInfo.ui("UsersViewController.ui"))
    let root: Box
    /// Where the page's other tools go: beside the search, and in the empty list.
    let toolsSlot: Box
    let emptyToolsSlot: Box
    private let searchEntry: Entry
    private let states: Stack
    let table: Table
    private let countLabel: Label
    private let spinner: Spinner
    private let errorLabel: Label
    /// The users the table shows, asked for row by row.
    private(set) var users: UsersDataSource?
    private(set) var loading = false
    /// The load under way has shown the first rows of a long list; the rest follows.
    private var firstRowsShown = false
    private var loadingNotice: MainLoopSource?

    init(presenter: any UsersPresenterProtocol) {
        self.presenter = presenter
        root = builder.object("root")
        toolsSlot = builder.object("tools_slot")
        emptyToolsSlot = builder.object("empty_tools_slot")
        searchEntry = builder.object("search_entry")
        states = builder.object("state_stack")
        countLabel = builder.object("count_label")
        spinner = builder.object("spinner")
        errorLabel = builder.object("error_label")
        table = Table(
            treeView: builder.object("tree_view"), scrollbar: builder.object("list_scrollbar"),
            columns: [.init(L("Name"), width: 220), .init(L("Age"), width: 90), .init(L("E-mail"), width: 280)])
        table.dataSource = self
        presenter.attachView(self)
        // Target-action: every change of the search text is a search (the entry's own
        // search-changed would wait for a pause in the typing).
        searchEntry.on(.changed, target: self, action: UsersViewController.searchChanged)
    }

    isolated deinit { presenter.detachView() }

    func pageDidAppear() {
        if users == nil && !loading { presenter.getUsers() }
    }

    func startSearch() { searchEntry.grabFocus() }

    /// The search typed; set, it is typed, and the list follows as it follows typing.
    var searchText: String {
        get { searchEntry.text }
        set { searchEntry.text = newValue }
    }

    /// Asks for the list again, as the search stands (after an import added users).
    func reload() { searchChanged() }

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
        spinner.isSpinning = false
    }

    func setUsers(_ users: UsersDataSource) {
        self.users = users
        // The whole of a long list after its first rows keeps the position; a new list starts
        // at the top.
        let continuing = firstRowsShown
        firstRowsShown = loading
        table.reloadData(keepingPosition: continuing)
        countLabel.text =
            loading
            ? L("Searching…")
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
        if states.visibleChildName == "list", table.count > 0 {
            countLabel.text = L("Searching…")  // the rows on screen stay until the new ones come
        } else {
            spinner.isSpinning = true
            show("loading")
        }
    }

    /// Shows one state of the page: the list, loading, empty or the error.
    private func show(_ state: String) {
        states.child(named: state)?.show()
        states.visibleChildName = state
    }

    // MARK: TableDataSource (seed 002's data source: how many rows, and what is in row i)

    var numberOfRows: Int { users?.count ?? 0 }

    func cells(forRow row: Int) -> [String] {
        guard let user = users?.user(at: row).map(UserViewData.init) else { return [] }
        return [user.name, user.age, user.email]
    }
}
