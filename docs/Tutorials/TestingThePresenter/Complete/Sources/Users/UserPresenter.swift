/// A user as the view shows it, its texts ready: seed 003's `UserViewData`.
struct UserViewData: Equatable {
    let name: String
    let age: String
    let email: String
}

/// What the presenter tells its view: seed 003's `UserView`. The view is passive: it shows what
/// it is told, and decides nothing.
@MainActor
protocol UserView: AnyObject {
    func startLoading()
    func finishLoading()
    func setUsers(_ users: [UserViewData])
    func setEmptyUsers()
}

/// Seed 003's `UserPresenter`: it gets the users from its service and tells the view what to show.
@MainActor
final class UserPresenter {
    private let service: UserService
    private weak var view: UserView?

    init(service: UserService) { self.service = service }

    func attachView(_ view: UserView) { self.view = view }
    func detachView() { view = nil }

    func getUsers() {
        view?.startLoading()
        service.getUsers { [weak self] users in
            guard let view = self?.view else { return }
            view.finishLoading()
            if users.isEmpty {
                view.setEmptyUsers()
            } else {
                view.setUsers(users.map { UserViewData(name: $0.name, age: "\($0.age) years", email: $0.email) })
            }
        }
    }
}
