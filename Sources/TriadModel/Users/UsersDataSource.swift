// Seed 002's data source, for seed 003's table: the table asks how many users there are and who
// is at row i, and never holds them itself. `UserList` answers from an array (the seed's three
// users, the tests' mocks); `StoreUserRows` (AtScale/) answers from the store, a block of rows at
// a time, for lists of millions.

/// How many users, and who is at row i.
@MainActor
public protocol UsersDataSource: AnyObject {
    var count: Int { get }
    func user(at index: Int) -> User?
}

/// Users held in memory.
@MainActor
public final class UserList: UsersDataSource {
    public let users: [User]
    public init(_ users: [User]) { self.users = users }
    public var count: Int { users.count }
    public func user(at index: Int) -> User? { users.indices.contains(index) ? users[index] : nil }
}
