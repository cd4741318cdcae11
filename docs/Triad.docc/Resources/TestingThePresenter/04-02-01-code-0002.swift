import XCTest

@testable import TriadModel

/// Seed 003's tests: the presenter with a mock service and a mock view, no toolkit.
final class UsersPresenterTests: XCTestCase {
    /// The seed's `UserServiceMock`: answers at once with a fixed list (or an error).
    @MainActor final class UserServiceMock: UserService {
        let users: [User]
        let error: String?
        var queries: [String] = []
        init(users: [User], error: String? = nil) {
            self.users = users
            self.error = error
        }
        func getUsers(matching query: String, completion: @escaping @MainActor (UserLoadResult) -> Void) {
            queries.append(query)
            if let error { return completion(.failure(error)) }
            completion(.success(UserList(users)))
        }
    }

    /// The seed's `UserViewMock`: records what it was told.
    @MainActor final class UserViewMock: UsersView {
        var calls: [String] = []
        var shown: [UserViewData] = []
        func startLoading() { calls.append("startLoading") }
        func finishLoading() { calls.append("finishLoading") }
        func setUsers(_ users: UsersDataSource) {
            calls.append("setUsers")
            shown = (0..<users.count).compactMap { users.user(at: $0).map(UserViewData.init) }
        }
        func setEmptyUsers() { calls.append("setEmptyUsers") }
        func showError(_ message: String) { calls.append("showError: \(message)") }
    }

    /// A presenter on `service` with a fresh mock view attached (the seed's setUp).
    @MainActor private static func attached(_ service: UserService) -> (UsersPresenter, UserViewMock) {
        let view = UserViewMock()
        let presenter = UsersPresenter(service: service)
        presenter.attachView(view)
        return (presenter, view)
    }

    static let twoUsers = [
        User(firstName: "firstname1", lastName: "lastname1", email: "first@test.com", age: 30),
        User(firstName: "firstname2", lastName: "lastname2", email: "second@test.com", age: 24),
    ]

    func testShouldSetUsers() {
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(UserServiceMock(users: Self.twoUsers))
            presenter.getUsers()
            XCTAssertTrue(view.calls.contains("setUsers"))
            XCTAssertEqual(view.shown.map(\.name), ["firstname1 lastname1", "firstname2 lastname2"])
        }
    }

    func testShouldSetEmptyIfNoUserAvailable() {
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(UserServiceMock(users: []))
            presenter.getUsers()
            XCTAssertTrue(view.calls.contains("setEmptyUsers"))
            XCTAssertFalse(view.calls.contains("setUsers"))
        }
    }
}
