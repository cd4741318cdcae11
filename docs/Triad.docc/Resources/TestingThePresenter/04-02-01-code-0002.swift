@testable import Users

/// A service the test controls: it answers with `users` at once, or, with `answersLater`, keeps
/// each request until the test answers it.
@MainActor
final class MockUserService: UserService {
    var users: [User] = []
    var answersLater = false
    private(set) var waiting: [@MainActor ([User]) -> Void] = []

    func getUsers(_ done: @escaping @MainActor ([User]) -> Void) {
        if answersLater { waiting.append(done) } else { done(users) }
    }
}
