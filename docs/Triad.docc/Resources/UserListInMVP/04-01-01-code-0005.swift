// Seed 002's data source, for seed 003's table: the table asks how many users there are and who
// is at row i, and never holds them itself. `UserList` answers from an array (the seed's three
// users, the tests' mocks); `StoreUserRows` (AtScale/) answers from the store, a block of rows at
// a time, for lists of millions.

/// How many users, and who is at row i.
@MainActor
public protocol UsersDataSource: AnyObject {
    /// How many users the list holds.
    var count: Int { get }
    /// The user at row `index` (from 0), or nil if there is none (or it cannot be read).
    func user(at index: Int) -> User?
}

/// Users held in memory.
@MainActor
public final class UserList: UsersDataSource {
    /// The users, in the list's order.
    public let users: [User]
    /// A list of `users`.
    public init(_ users: [User]) { self.users = users }
    /// How many users the list holds.
    public var count: Int { users.count }
    /// The user at row `index`, or nil past the end.
    public func user(at index: Int) -> User? { users.indices.contains(index) ? users[index] : nil }
}
