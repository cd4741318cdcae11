/// What a load produced. The seed's service answers once with every user; a store with millions
/// of them may first answer with the first rows of a long list (`firstRows`), then with all of
/// it (`success`, which starts with the same rows).
@MainActor
public enum UserLoadResult {
    /// Every user that matches: the load is over.
    case success(UsersDataSource)
    /// The first rows of a long list; the whole list follows.
    case firstRows(UsersDataSource)
    /// The users could not be read (why, said for the user).
    case failure(String)
}

/// Seed 003's `UserService`: loads the users asynchronously and answers on the main loop.
@MainActor
public protocol UserService: AnyObject {
    /// Finds the users matching `query` (all of them for "") and answers through `completion`.
    func getUsers(matching query: String, completion: @escaping @MainActor (UserLoadResult) -> Void)
}
