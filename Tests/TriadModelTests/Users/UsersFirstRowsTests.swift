import XCTest

@testable import TriadModel

/// A search at scale whose first rows hold a single user: that one row is shown at once, as a
/// longer head would be, while the rest still loads.
final class UsersFirstRowsTests: XCTestCase {
    func testASingleFirstRowIsShownAtOnce() {
        MainActor.assumeIsolated {
            let service = UsersPresenterTests.DelayedService()
            let view = UsersPresenterTests.UserViewMock()
            let presenter = UsersPresenter(service: service)
            presenter.attachView(view)
            presenter.getUsers(matching: "Ada")
            let ada = User(firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", age: 36)
            service.pending[0](.firstRows(UserList([ada])))
            XCTAssertEqual(view.calls, ["startLoading", "setUsers"], "the one row, still loading")
            XCTAssertEqual(view.shown.map(\.name), ["Ada Lovelace"])
        }
    }
}
