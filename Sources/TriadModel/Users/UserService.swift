/// What a load produced: the rows, built on the main loop from what the worker found.
public enum UserLoadResult: Sendable {
    case success(@MainActor @Sendable () -> UserRows)
    /// The first rows of a long result that is still being collected; `.success` follows with
    /// the whole result, which starts with these same rows.
    case firstRows(@MainActor @Sendable () -> UserRows)
    case failure(String)

    /// For the Messages pane: which answer this is.
    var summary: String {
        switch self {
        case .success: ".success"
        case .firstRows: ".firstRows"
        case .failure: ".failure"
        }
    }
}

/// Loads users asynchronously; calls `progress` (0…1) and then `completion`, from any thread
/// (`completion` may come twice: `.firstRows`, then the final result).
public protocol UserService: Sendable {
    func getUsers(matching query: String,
                  progress: @escaping @Sendable (Double) -> Void,
                  completion: @escaping @Sendable (UserLoadResult) -> Void)
}
