import Glibc

// Seed 003: MVP. `User` and `UserViewData` are the seed's; `UserService` loads off the main loop;
// `UserPresenter` holds the UI logic and talks to a passive `UserView`. Nothing here knows GTK.

public struct User: Equatable, Sendable {
    public var firstName: String
    public var lastName: String
    public var email: String
    public var age: Int

    public init(firstName: String, lastName: String, email: String, age: Int) {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.age = age
    }

    /// The seed's mocked users (their e-mail addresses are elided there; here under example.com).
    public static let seedUsers = [
        User(firstName: "Iyad", lastName: "Agha", email: "iyad.agha@example.com", age: 36),
        User(firstName: "Mila", lastName: "Haward", email: "mila.haward@example.com", age: 24),
        User(firstName: "Mark", lastName: "Astun", email: "mark.astun@example.com", age: 39),
    ]
}

/// Display-ready strings for one row (the seed's `UserViewData`).
public struct UserViewData: Equatable, Sendable {
    public let name: String
    public let age: String
    public let email: String

    public init(_ user: User) {
        name = "\(user.firstName) \(user.lastName)"
        age = LN("{count} year", "{count} years", user.age).filling(["count": String(user.age)])
        email = user.email
    }
}

/// A list of users that is read on demand: the view asks how many and what is at row i.
@MainActor
public protocol UserRows: AnyObject {
    var count: Int { get }
    func user(at index: Int) -> User?
}

/// Rows held in memory (mocks, small lists).
@MainActor
public final class ArrayUserRows: UserRows {
    public let users: [User]
    public init(_ users: [User]) { self.users = users }
    public var count: Int { users.count }
    public func user(at index: Int) -> User? { users.indices.contains(index) ? users[index] : nil }
}

/// The seed's data source for the table, in view data: count and row i, mapped on demand.
@MainActor
public final class UserListViewData {
    private let rows: UserRows
    public init(_ rows: UserRows) { self.rows = rows }
    public var count: Int { rows.count }
    public subscript(index: Int) -> UserViewData? { rows.user(at: index).map(UserViewData.init) }

    private var lastRow: (index: Int, data: UserViewData?)?

    /// The text of one cell; the columns are Name, Age, E-mail. A table asks a row's cells one after another: the row's view data is
    /// made once for all its columns.
    public func text(row: Int, column: Int) -> String? {
        if lastRow?.index != row { lastRow = (row, self[row]) }
        guard let user = lastRow?.data else { return nil }
        switch column {
        case 0: return user.name
        case 1: return user.age
        case 2: return user.email
        default: return nil
        }
    }
}

/// What a load produced: the rows, built on the main loop from what the worker found.
public enum UserLoadResult: Sendable {
    case success(@MainActor @Sendable () -> UserRows)
    /// The first rows of a long result that is still being collected; `.success` follows with
    /// the whole result, which starts with these same rows.
    case firstRows(@MainActor @Sendable () -> UserRows)
    case failure(String)
}

/// Loads users asynchronously; calls `progress` (0…1) and then `completion`, from any thread
/// (`completion` may come twice: `.firstRows`, then the final result).
public protocol UserService: Sendable {
    func getUsers(matching query: String,
                  progress: @escaping @Sendable (Double) -> Void,
                  completion: @escaping @Sendable (UserLoadResult) -> Void)
}

/// The seed's `UserView`: passive, told what to show.
@MainActor
public protocol UserView: AnyObject {
    func startLoading()
    func finishLoading()
    func setUsers(_ users: UserListViewData)
    /// The first rows of a longer list that is still being read: show them; `setUsers` follows
    /// with the whole list, these rows first (a view can keep its scroll position).
    func setFirstUsers(_ users: UserListViewData)
    func setEmptyUsers()
    func showError(_ message: String)
    func showProgress(_ fraction: Double)
}

/// The seed's `UserPresenter`: no toolkit, testable with a mock service and a mock view.
@MainActor
public final class UserPresenter {
    public typealias Deliver = @Sendable (@escaping @Sendable @MainActor () -> Void) -> Void

    /// Delivery for callers already on the main thread (tests with synchronous mocks).
    public static let immediate: Deliver = { work in MainActor.assumeIsolated { work() } }

    private let service: UserService
    private let deliver: Deliver
    private weak var view: UserView?
    private var generation = 0

    /// - Parameter deliver: how results get back to the main loop (GtkKit's `MainLoop.hop` in
    ///   the app; tests pass one that runs at once).
    public init(service: UserService, deliver: @escaping Deliver) {
        self.service = service
        self.deliver = deliver
    }

    public func attachView(_ view: UserView) { self.view = view }
    public func detachView() { view = nil }

    /// Loads (or searches) the users and tells the view. A newer call supersedes an older one.
    public func getUsers(matching query: String = "") {
        generation += 1
        let current = generation
        view?.startLoading()
        let deliver = self.deliver
        service.getUsers(matching: query, progress: { [weak self] fraction in
            deliver { [weak self] in
                guard let self, self.generation == current else { return }
                self.view?.showProgress(fraction)
            }
        }, completion: { [weak self] result in
            deliver { [weak self] in
                guard let self, self.generation == current, let view = self.view else { return }
                if case .firstRows(let makeRows) = result {
                    let rows = makeRows()
                    if rows.count > 0 { view.setFirstUsers(UserListViewData(rows)) }
                    return  // still loading: the whole result follows
                }
                view.finishLoading()
                switch result {
                case .firstRows:
                    break
                case .failure(let message):
                    view.showError(message)
                case .success(let makeRows):
                    let rows = makeRows()
                    if rows.count == 0 { view.setEmptyUsers() } else { view.setUsers(UserListViewData(rows)) }
                }
            }
        })
    }
}
