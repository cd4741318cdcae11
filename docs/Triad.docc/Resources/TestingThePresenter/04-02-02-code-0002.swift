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

    /// Answers the requests kept so far with `users`.
    func answer() {
        for done in waiting { done(users) }
        waiting = []
    }
}

/// A view that writes down what it is told, in order, and the users it was shown.
@MainActor
final class MockUserView: UserView {
    private(set) var told: [String] = []
    private(set) var shown: [UserViewData] = []

    func startLoading() { told.append("startLoading") }
    func finishLoading() { told.append("finishLoading") }
    func setUsers(_ users: [UserViewData]) {
        told.append("setUsers")
        shown = users
    }
    func setEmptyUsers() { told.append("setEmptyUsers") }
}
