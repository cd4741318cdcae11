/// Where the users come from: seed 003's `UserService`. The presenter knows only this protocol,
/// so a test can hand it a mock.
@MainActor
protocol UserService {
    /// Gets the users, then calls `done` with them: at once, or after a wait.
    func getUsers(_ done: @escaping @MainActor ([User]) -> Void)
}
