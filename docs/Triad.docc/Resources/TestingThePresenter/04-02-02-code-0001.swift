import XCTest

@testable import Users

/// The presenter, with a mock service and a mock view: no window, no GTK. Each test runs on the
/// main actor, where the presenter lives: XCTest runs its tests on the main thread, and
/// `MainActor.assumeIsolated` says so to the compiler.
final class UserPresenterTests: XCTestCase {
    func testShowsTheUsersTheServiceGives() {
        MainActor.assumeIsolated {
            let service = MockUserService()
            service.users = [User(name: "Iyad Agha", age: 36, email: "iyad@test.com")]
            let view = MockUserView()
            let presenter = UserPresenter(service: service)
            presenter.attachView(view)
            presenter.getUsers()
            XCTAssertEqual(view.told, ["startLoading", "finishLoading", "setUsers"])
            XCTAssertEqual(view.shown, [UserViewData(name: "Iyad Agha", age: "36 years", email: "iyad@test.com")])
        }
    }

    /// No user: the empty state, not an empty list.
    func testShowsTheEmptyStateWhenThereIsNoUser() {
        MainActor.assumeIsolated {
            let view = MockUserView()
            let presenter = UserPresenter(service: MockUserService())
            presenter.attachView(view)
            presenter.getUsers()
            XCTAssertEqual(view.told, ["startLoading", "finishLoading", "setEmptyUsers"])
        }
    }
}
