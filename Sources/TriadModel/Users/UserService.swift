/// What a load produced. The seed's service answers once with every user; a store with millions
/// of them may first answer with the first rows of a long list (`firstRows`), then with all of
/// it (`success`, which starts with the same rows).
@MainActor
public enum UserLoadResult {
    case success(UsersDataSource)
    case firstRows(UsersDataSource)
    case failure(String)
}

/// Seed 003's `UserService`: loads the users asynchronously and answers on the main loop.
@MainActor
public protocol UserService: AnyObject {
    func getUsers(matching query: String, completion: @escaping @MainActor (UserLoadResult) -> Void)
}
