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
