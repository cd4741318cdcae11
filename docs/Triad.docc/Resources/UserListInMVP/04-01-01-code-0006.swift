/// What a load produced: the seed's service answers once with every user.
@MainActor
public enum UserLoadResult {
    /// Every user that matches: the load is over.
    case success(UsersDataSource)
    /// The users could not be read (why, said for the user).
    case failure(String)
}

/// Seed 003's `UserService`: loads the users asynchronously and answers on the main loop.
@MainActor
public protocol UserService: AnyObject {
    /// Finds the users matching `query` (all of them for "") and answers through `completion`.
    func getUsers(matching query: String, completion: @escaping @MainActor (UserLoadResult) -> Void)
}
