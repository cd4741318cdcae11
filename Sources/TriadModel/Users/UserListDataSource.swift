// Seed 002's data source, for seed 003's table: the view asks "how many?" and "what is at row i?",
// and never owns the rows. `UserRows` is the question; `UserListViewData` answers it in view data.

/// A list of users that is read on demand: the view asks how many and what is at row i.
@MainActor
public protocol UserRows: AnyObject {
    var count: Int { get }
    func user(at index: Int) -> User?
}

/// Rows held in memory (mocks, small lists).
@MainActor
public final class ArrayUserRows: UserRows {
    public let users: [User]
    public init(_ users: [User]) { self.users = users }
    public var count: Int { users.count }
    public func user(at index: Int) -> User? { users.indices.contains(index) ? users[index] : nil }
}

/// The seed's data source for the table, in view data: count and row i, mapped on demand.
@MainActor
public final class UserListViewData {
    private let rows: UserRows
    public init(_ rows: UserRows) { self.rows = rows }
    public var count: Int { rows.count }
    public subscript(index: Int) -> UserViewData? { rows.user(at: index).map(UserViewData.init) }

    private var lastRow: (index: Int, data: UserViewData?)?

    /// The text of one cell; the columns are Name, Age, E-mail. A table asks a row's cells one after another: the row's view data is
    /// made once for all its columns.
    public func text(row: Int, column: Int) -> String? {
        if lastRow?.index != row {
            MessageLog.shared.recordRowQuestion(row, of: count)  // one question per row, for all its cells
            lastRow = (row, self[row])
        }
        guard let user = lastRow?.data else { return nil }
        switch column {
        case 0: return user.name
        case 1: return user.age
        case 2: return user.email
        default: return nil
        }
    }
}
