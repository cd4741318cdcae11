import GtkKit

/// Seed 003's view controller, the passive half of MVP: it makes its presenter, shows what the
/// presenter tells it, and is its table's data source (UsersViewController.ui).
@MainActor
final class UsersViewController: UserView, TableDataSource {
    private let builder = Builder(file: "UsersViewController.ui")
    let root: Widget
    private let table: Table
    private let presenter = UserPresenter(service: DemoUserService())
    private let spinner: Spinner
    private let countLabel: Label
    private var users: [UserViewData] = []

    init() {
        root = builder.object("root")
        spinner = builder.object("spinner")
        countLabel = builder.object("count_label")
        let made = Table.make(columns: [.init("Name", width: 180), .init("Age", width: 90), .init("E-mail", width: 200)])
        table = made.table
        made.widget.expandsVertically = true
        builder.object("list_slot", as: Box.self).add(made.widget)
        table.dataSource = self
        // The seed's viewDidLoad: attach the view, and fetch.
        presenter.attachView(self)
        presenter.getUsers()
    }

    // MARK: UserView

    func startLoading() {
        spinner.isSpinning = true
        countLabel.text = "Loading…"
    }

    func finishLoading() { spinner.isSpinning = false }

    func setUsers(_ users: [UserViewData]) {
        self.users = users
        table.reloadData()
        countLabel.text = "\(users.count) users"
    }

    func setEmptyUsers() {
        users = []
        table.reloadData()
        countLabel.text = "No users yet"
    }

    // MARK: TableDataSource

    var numberOfRows: Int { users.count }

    func cells(forRow row: Int) -> [String] {
        [users[row].name, users[row].age, users[row].email]
    }
}
