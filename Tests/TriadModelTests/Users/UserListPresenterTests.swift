import Foundation
import XCTest
@testable import TriadModel

/// Seed 003's tests: the presenter with a mock service and a mock view, no toolkit.
final class UserListPresenterTests: XCTestCase {
    /// The seed's `UserServiceMock`: answers at once with a fixed list (or an error).
    final class UserServiceMock: UserService, @unchecked Sendable {
        let users: [User]
        let error: String?
        var queries: [String] = []
        init(users: [User], error: String? = nil) {
            self.users = users
            self.error = error
        }
        func getUsers(matching query: String, progress: @escaping @Sendable (Double) -> Void,
                      completion: @escaping @Sendable (UserLoadResult) -> Void) {
            queries.append(query)
            progress(1)
            if let error { completion(.failure(error)); return }
            let users = self.users
            completion(.success({ ArrayUserRows(users) }))
        }
    }

    /// A service that holds its completion until the test releases it.
    final class DelayedService: UserService, @unchecked Sendable {
        var pending: [@Sendable (UserLoadResult) -> Void] = []
        var queries: [String] = []
        func getUsers(matching query: String, progress: @escaping @Sendable (Double) -> Void,
                      completion: @escaping @Sendable (UserLoadResult) -> Void) {
            pending.append(completion)
            queries.append(query)
        }
    }

    /// The seed's `UserViewMock`: records what it was told.
    @MainActor final class UserViewMock: UserListView {
        var calls: [String] = []
        var shown: [UserViewData] = []
        func startLoading() { calls.append("startLoading") }
        func finishLoading() { calls.append("finishLoading") }
        func setUsers(_ users: UserListViewData) {
            calls.append("setUsers")
            shown = (0..<users.count).compactMap { users[$0] }
        }
        func setFirstUsers(_ users: UserListViewData) {
            calls.append("setFirstUsers")
            shown = (0..<users.count).compactMap { users[$0] }
        }
        func setEmptyUsers() { calls.append("setEmptyUsers") }
        func showError(_ message: String) { calls.append("showError: \(message)") }
        func showProgress(_ fraction: Double) { calls.append("progress") }
    }

    /// A presenter on `service` with a fresh mock view attached (the seed's setUp).
    @MainActor private static func attached(_ service: UserService) -> (UserListPresenter, UserViewMock) {
        let view = UserViewMock()
        let presenter = UserListPresenter(service: service, deliver: UserListPresenter.immediate)
        presenter.attachView(view)
        return (presenter, view)
    }

    private let twoUsers = [User(firstName: "firstname1", lastName: "lastname1", email: "first@test.com", age: 30),
                            User(firstName: "firstname2", lastName: "lastname2", email: "second@test.com", age: 24)]

    func testShouldSetUsers() {
        let service = UserServiceMock(users: twoUsers)
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(service)
            presenter.getUsers()
            XCTAssertTrue(view.calls.contains("setUsers"))
            XCTAssertEqual(view.shown.map(\.name), ["firstname1 lastname1", "firstname2 lastname2"])
        }
    }

    func testShouldSetEmptyIfNoUserAvailable() {
        let service = UserServiceMock(users: [])
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(service)
            presenter.getUsers()
            XCTAssertTrue(view.calls.contains("setEmptyUsers"))
            XCTAssertFalse(view.calls.contains("setUsers"))
        }
    }

    func testLoadingOrder() {
        let service = UserServiceMock(users: twoUsers)
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(service)
            presenter.getUsers()
            XCTAssertEqual(view.calls, ["startLoading", "progress", "finishLoading", "setUsers"])
        }
    }

    func testErrorPath() {
        let service = UserServiceMock(users: [], error: "disk on fire")
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(service)
            presenter.getUsers()
            XCTAssertEqual(view.calls.suffix(2), ["finishLoading", "showError: disk on fire"])
        }
    }

    func testDetachBeforeCallbackTheViewGetsNothing() {
        let service = DelayedService()
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(service)
            presenter.getUsers()
            presenter.detachView()
            service.pending.first?(.success({ ArrayUserRows([]) }))
            XCTAssertEqual(view.calls, ["startLoading"], "nothing after detaching")
        }
    }

    func testViewIsHeldWeakly() {
        let service = UserServiceMock(users: twoUsers)
        MainActor.assumeIsolated {
            let presenter = UserListPresenter(service: service, deliver: UserListPresenter.immediate)
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
        let service = DelayedService()
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(service)
            presenter.getUsers(matching: "a")
            presenter.getUsers(matching: "ab")
            let first = service.pending[0], second = service.pending[1]
            second(.success({ ArrayUserRows([User(firstName: "Abe", lastName: "B", email: "a@b.c", age: 1)]) }))
            first(.success({ ArrayUserRows([]) }))  // stale: ignored
            XCTAssertEqual(view.calls.filter { $0 == "setUsers" || $0 == "setEmptyUsers" }, ["setUsers"])
            XCTAssertEqual(view.shown.map(\.name), ["Abe B"])
        }
    }

    func testFirstRowsThenTheWholeList() {
        let service = DelayedService()
        let head = twoUsers, all = twoUsers + [User(firstName: "Third", lastName: "One", email: "t@test.com", age: 3)]
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(service)
            presenter.getUsers(matching: "u")
            service.pending[0](.firstRows({ ArrayUserRows(head) }))
            XCTAssertEqual(view.calls, ["startLoading", "setFirstUsers"], "the first rows, still loading")
            XCTAssertEqual(view.shown.count, 2)
            service.pending[0](.success({ ArrayUserRows(all) }))
            XCTAssertEqual(view.calls, ["startLoading", "setFirstUsers", "finishLoading", "setUsers"])
            XCTAssertEqual(view.shown.map(\.name).last, "Third One")
        }
    }

    func testStaleOrDetachedFirstRowsAreIgnored() {
        let service = DelayedService()
        let users = twoUsers
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(service)
            presenter.getUsers(matching: "u")
            presenter.getUsers(matching: "us")
            service.pending[0](.firstRows({ ArrayUserRows(users) }))  // the older search
            XCTAssertFalse(view.calls.contains("setFirstUsers"))
            presenter.detachView()
            service.pending[1](.firstRows({ ArrayUserRows(users) }))
            XCTAssertEqual(view.calls, ["startLoading", "startLoading"], "nothing after detaching")
        }
    }

    func testATypedQueryRunsAtOnceWhenTheSearchBeforeHasShownRows() {
        let service = DelayedService()
        let users = twoUsers
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(service)
            presenter.search("m")
            XCTAssertEqual(service.queries, ["m"], "nothing before it: at once")
            service.pending[0](.success({ ArrayUserRows(users) }))
            presenter.search("mi")
            XCTAssertEqual(service.queries, ["m", "mi"], "the one before has finished: at once, no timer")
            service.pending[1](.firstRows({ ArrayUserRows(users) }))
            presenter.search("mil")
            XCTAssertEqual(service.queries, ["m", "mi", "mil"], "first rows shown are enough")
            XCTAssertEqual(view.calls.filter { $0 == "startLoading" }.count, 3)
        }
    }

    func testKeysTypedBeforeTheRowsComeCollapseIntoTheLatest() {
        let service = DelayedService()
        let users = twoUsers, milas = [User(firstName: "Mila", lastName: "K", email: "m@k.org", age: 5)]
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(service)
            presenter.search("m")
            presenter.search("mi")
            presenter.search("mil")
            presenter.search("mila")
            XCTAssertEqual(service.queries, ["m"], "the rest wait for the rows of the first")
            service.pending[0](.firstRows({ ArrayUserRows([]) }))
            XCTAssertEqual(service.queries, ["m"], "no rows to show yet: still waiting")
            service.pending[0](.firstRows({ ArrayUserRows(users) }))
            XCTAssertEqual(service.queries, ["m", "mila"], "then only the latest runs")
            service.pending[0](.success({ ArrayUserRows(users) }))  // the rest of "m": superseded
            service.pending[1](.success({ ArrayUserRows(milas) }))
            XCTAssertEqual(view.shown.map(\.name), ["Mila K"])
            XCTAssertEqual(view.calls.filter { $0 == "setUsers" }.count, 1, "the superseded result is not shown")
        }
    }

    func testAFailedOrEmptySearchLetsTheNextOneRun() {
        let service = DelayedService()
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(service)
            presenter.search("x")
            presenter.search("xy")
            service.pending[0](.failure("disk on fire"))
            XCTAssertEqual(service.queries, ["x", "xy"], "an error is an answer too")
            presenter.search("xyz")
            service.pending[1](.success({ ArrayUserRows([]) }))
            XCTAssertEqual(service.queries, ["x", "xy", "xyz"], "and so is an empty list")
            XCTAssertEqual(view.calls.filter { $0.hasPrefix("showError") || $0 == "setEmptyUsers" },
                           ["showError: disk on fire", "setEmptyUsers"])
        }
    }

    func testEmptyFirstRowsShowNothingYet() {
        let service = DelayedService()
        MainActor.assumeIsolated {
            let (presenter, view) = Self.attached(service)
            presenter.getUsers()
            service.pending[0](.firstRows({ ArrayUserRows([]) }))
            XCTAssertEqual(view.calls, ["startLoading"], "no rows yet is not an empty list")
            service.pending[0](.success({ ArrayUserRows([]) }))
            XCTAssertEqual(view.calls, ["startLoading", "finishLoading", "setEmptyUsers"])
        }
    }

    func testYearsAreSingularAndPlural() {
        XCTAssertEqual(UserViewData(User(firstName: "Iyad", lastName: "Agha", email: "i@example.com", age: 36)).age, "36 years")
        XCTAssertEqual(UserViewData(User(firstName: "Baby", lastName: "One", email: "b@example.com", age: 1)).age, "1 year")
        XCTAssertEqual(UserViewData(User(firstName: "New", lastName: "Born", email: "n@example.com", age: 0)).age, "0 years")
        XCTAssertEqual(UserViewData(User(firstName: "Iyad", lastName: "Agha", email: "i@example.com", age: 36)).name, "Iyad Agha")
    }

    func testCellsOfTheListColumns() {
        let users = twoUsers
        MainActor.assumeIsolated {
            let data = UserListViewData(ArrayUserRows(users))
            XCTAssertEqual(data.text(row: 0, column: 0), "firstname1 lastname1")
            XCTAssertEqual(data.text(row: 0, column: 1), "30 years")
            XCTAssertEqual(data.text(row: 1, column: 2), "second@test.com")
            XCTAssertEqual(data.text(row: 0, column: 2), "first@test.com", "back to an earlier row")
            XCTAssertNil(data.text(row: 0, column: 3))
            XCTAssertNil(data.text(row: 2, column: 0))
        }
    }

    func testCountsAreGroupedAsTheLocaleWritesThem() throws {
        XCTAssertEqual(formattedCount(1_000_000), "1000000", "the C locale (tests run in it) has no separator")
        // Real locales, compiled into a folder of the test's own (Debian's `locales` package has
        // their sources; `make test` installs it): en_IN groups 3 then 2 digits. (Debian 12's hi_IN has grouping 3 alone.)
        let folder = makeTemporaryDirectory(self)
        for (locale, expected) in [("en_IN", ["10,00,000", "1,23,45,678", "999", "-12,345"]),
                                   ("de_DE", ["1.000.000", "12.345.678", "999", "-12.345"]),
                                   ("en_US", ["1,000,000", "12,345,678", "999", "-12,345"])] {
            try compileLocale(locale, into: folder)
            setenv("LOCPATH", folder, 1)
            defer { setlocale(LC_NUMERIC, "C"); unsetenv("LOCPATH") }
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
        XCTAssertEqual(process.terminationStatus, 0, "localedef \(locale): is Debian's `locales` package installed (make deps-test)?")
    }
}
