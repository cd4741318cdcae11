import Foundation
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

    /// The seed's mocked users, as seed 003 lists them: the users a new store starts with.
    func testTheSeedUsersAreTheSeedsThree() {
        XCTAssertEqual(
            User.seedUsers.map { "\($0.firstName) \($0.lastName) \($0.age.map(String.init) ?? "")" },
            ["Iyad Agha 36", "Mila Haward 24", "Mark Astun 39"])
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

    /// A long list at scale: its first rows are shown while it is still loading, then the whole.
    func testFirstRowsThenTheWholeList() {
        let head = Self.twoUsers
        let all = Self.twoUsers + [User(firstName: "Third", lastName: "One", email: "t@test.com", age: 3)]
        MainActor.assumeIsolated {
            let service = DelayedService()
            let (presenter, view) = Self.attached(service)
            presenter.getUsers(matching: "u")
            service.pending[0](.firstRows(UserList(head)))
            XCTAssertEqual(view.calls, ["startLoading", "setUsers"], "the first rows, still loading")
            XCTAssertEqual(view.shown.count, 2)
            service.pending[0](.success(UserList(all)))
            XCTAssertEqual(view.calls, ["startLoading", "setUsers", "finishLoading", "setUsers"])
            XCTAssertEqual(view.shown.map(\.name).last, "Third One")
        }
    }

    func testEmptyFirstRowsShowNothingYet() {
        MainActor.assumeIsolated {
            let service = DelayedService()
            let (presenter, view) = Self.attached(service)
            presenter.getUsers()
            service.pending[0](.firstRows(UserList([])))
            XCTAssertEqual(view.calls, ["startLoading"], "no rows yet is not an empty list")
            service.pending[0](.success(UserList([])))
            XCTAssertEqual(view.calls, ["startLoading", "finishLoading", "setEmptyUsers"])
        }
    }

    func testYearsAreSingularAndPlural() {
        XCTAssertEqual(UserViewData(User(firstName: "Iyad", lastName: "Agha", email: "i@example.com", age: 36)).age, "36 years")
        XCTAssertEqual(UserViewData(User(firstName: "Baby", lastName: "One", email: "b@example.com", age: 1)).age, "1 year")
        XCTAssertEqual(UserViewData(User(firstName: "New", lastName: "Born", email: "n@example.com", age: 0)).age, "0 years")
        XCTAssertEqual(UserViewData(User(firstName: "Iyad", lastName: "Agha", email: "i@example.com", age: 36)).name, "Iyad Agha")
        // A file without ages leaves them unknown: a dash, not a number nobody gave.
        XCTAssertEqual(UserViewData(User(firstName: "Ann", lastName: "Lee", email: "a@example.com", age: nil)).age, "–")
    }

    func testCountsAreGroupedAsTheLocaleWritesThem() throws {
        XCTAssertEqual(formattedCount(1_000_000), "1000000", "the C locale (tests run in it) has no separator")
        // Real locales, compiled into a folder of the test's own (Debian's `locales` package has
        // their sources; `make test` installs it): en_IN groups 3 then 2 digits. (Debian 12's hi_IN has grouping 3 alone.)
        let folder = makeTemporaryDirectory(self)
        for (locale, expected) in [
            ("en_IN", ["10,00,000", "1,23,45,678", "999", "-12,345"]),
            ("de_DE", ["1.000.000", "12.345.678", "999", "-12.345"]),
            ("en_US", ["1,000,000", "12,345,678", "999", "-12,345"]),
        ] {
            try compileLocale(locale, into: folder)
            setenv("LOCPATH", folder, 1)
            defer {
                setlocale(LC_NUMERIC, "C")
                unsetenv("LOCPATH")
            }
            XCTAssertNotNil(setlocale(LC_NUMERIC, "\(locale).UTF-8"), "\(locale) compiled into \(folder)")
            XCTAssertEqual([1_000_000, 12_345_678, 999, -12_345].map(formattedCount), expected, locale)
        }
    }

    private func compileLocale(_ locale: String, into folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
        process.arguments = ["-i", locale, "-f", "UTF-8", "\(folder)/\(locale).UTF-8"]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "localedef \(locale): is Debian's `locales` package installed (make test-deps)?")
    }
}
