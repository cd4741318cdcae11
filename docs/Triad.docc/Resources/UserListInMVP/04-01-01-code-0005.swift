import GtkKit

/// The list of users (UsersViewController.ui): a table that asks this controller, its data
/// source, how many rows there are and what is in each.
@MainActor
final class UsersViewController: TableDataSource {
    private let builder = Builder(file: "UsersViewController.ui")
    let root: Widget
    private let table: Table
    /// Two users of its own, for now.
    private let users = [
        User(name: "Iyad Agha", age: 36, email: "iyad@test.com"),
        User(name: "Mila Haward", age: 24, email: "mila@test.com"),
    ]

    init() {
        root = builder.object("root")
        let made = Table.make(columns: [.init("Name", width: 180), .init("Age", width: 90), .init("E-mail", width: 200)])
        table = made.table
        made.widget.expandsVertically = true
        builder.object("list_slot", as: Box.self).add(made.widget)
        table.dataSource = self
        table.reloadData()
    }

    // MARK: TableDataSource

    var numberOfRows: Int { users.count }

    func cells(forRow row: Int) -> [String] {
        [users[row].name, "\(users[row].age) years", users[row].email]
    }
}
