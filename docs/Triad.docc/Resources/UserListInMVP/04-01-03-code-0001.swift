import GtkKit
import TriadModel

/// Seed 003's view controller, the passive half of the MVP pair: it implements the presenter's
/// `UsersView` with the widgets of UsersViewController.ui, and it is its table's data source. It
/// hands what the person does to the presenter and decides nothing itself.
@MainActor
final class UsersViewController: UsersView {
    /// A `var`, so that another presenter can stand in (the Messages pane's recorder).
    var presenter: any UsersPresenterProtocol
    private let builder = Builder(resource: AppInfo.ui("UsersViewController.ui"))
    let root: Box
    private let searchEntry: Entry
    private let states: Stack
    private let countLabel: Label
    private let spinner: Spinner
    private let errorLabel: Label
    /// The users the table shows, asked for row by row.
    private(set) var users: UsersDataSource?

    init(presenter: any UsersPresenterProtocol) {
        self.presenter = presenter
        root = builder.object("root")
        searchEntry = builder.object("search_entry")
        states = builder.object("state_stack")
        countLabel = builder.object("count_label")
        spinner = builder.object("spinner")
        errorLabel = builder.object("error_label")
        presenter.attachView(self)
        // Target-action: every change of the search text is a search (the entry's own
        // search-changed would wait for a pause in the typing).
        searchEntry.on(.changed, target: self, action: UsersViewController.searchChanged)
    }

    isolated deinit { presenter.detachView() }

    private func searchChanged() {
        presenter.getUsers(matching: searchEntry.text)
    }

    // MARK: UsersView

    func startLoading() {
        spinner.isSpinning = true
        show("loading")
    }

    func finishLoading() {
        spinner.isSpinning = false
    }

    func setUsers(_ users: UsersDataSource) {
        self.users = users
        countLabel.text = LN("{count} user", "{count} users", users.count).filling(["count": formattedCount(users.count)])
        show("list")
    }

    func setEmptyUsers() {
        users = nil
        countLabel.text = ""
        show("empty")
    }

    func showError(_ message: String) {
        users = nil
        countLabel.text = ""  // the count of the rows the error replaces would be stale
        errorLabel.text = message
        show("error")
    }

    /// Shows one state of the page: the list, loading, empty or the error.
    private func show(_ state: String) {
        states.child(named: state)?.show()
        states.visibleChildName = state
    }
}
