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

    /// A service that holds its answers until the test gives them.
    @MainActor final class DelayedService: UserService {
        var pending: [@MainActor (UserLoadResult) -> Void] = []
        var queries: [String] = []
        func getUsers(matching query: String, completion: @escaping @MainActor (UserLoadResult) -> Void) {
            pending.append(completion)
            queries.append(query)
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

    func testLoadingOrder() {
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(UserServiceMock(users: Self.twoUsers))
            presenter.getUsers()
            XCTAssertEqual(view.calls, ["startLoading", "finishLoading", "setUsers"])
        }
    }

    func testErrorPath() {
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(UserServiceMock(users: [], error: "disk on fire"))
            presenter.getUsers()
            XCTAssertEqual(view.calls, ["startLoading", "finishLoading", "showError: disk on fire"])
        }
    }

    func testTheSearchIsHandedToTheService() {
        MainActor.assumeIsolated {
            let service = UserServiceMock(users: Self.twoUsers)
            let (presenter, _) = Self.attached(service)
            presenter.getUsers()
            presenter.getUsers(matching: "mil")
            XCTAssertEqual(service.queries, ["", "mil"])
        }
    }

    func testDetachBeforeCallbackTheViewGetsNothing() {
        MainActor.assumeIsolated {
            let service = DelayedService()
            let (presenter, view) = Self.attached(service)
            presenter.getUsers()
            presenter.detachView()
            service.pending.first?(.success(UserList([])))
            XCTAssertEqual(view.calls, ["startLoading"], "nothing after detaching")
        }
    }

    func testViewIsHeldWeakly() {
        MainActor.assumeIsolated {
            let presenter = UsersPresenter(service: UserServiceMock(users: Self.twoUsers))
            weak var weakView: UserViewMock?
            do {
                let view = UserViewMock()
                weakView = view
                presenter.attachView(view)
            }
            XCTAssertNil(weakView)
            presenter.getUsers()  // no view: nothing to tell, nothing crashes
        }
    }

    func testNewerSearchSupersedesOlder() {
        MainActor.assumeIsolated {
            let service = DelayedService()
            let (presenter, view) = Self.attached(service)
            presenter.getUsers(matching: "a")
            presenter.getUsers(matching: "ab")
            let first = service.pending[0]
            let second = service.pending[1]
            second(.success(UserList([User(firstName: "Abe", lastName: "B", email: "a@b.c", age: 1)])))
            first(.success(UserList([])))  // stale: ignored
            XCTAssertEqual(view.calls.filter { $0 == "setUsers" || $0 == "setEmptyUsers" }, ["setUsers"])
            XCTAssertEqual(view.shown.map(\.name), ["Abe B"])
        }
    }
}
