import GtkKit
import TriadModel

// The pages whose models keep only what is shown now: the users list travels in its search, and
// the login form in its name. Neither sets anything the store keeps: the users' service only
// reads, and the accounts are never a moment (no password, no account is ever put back or made).

extension UsersPage: TravelsInTime {
    func moment(services: AppServices) -> PageMoment? { .users(query: users.presenter.query) }

    /// The query goes where a person types it: the search field, whose change asks the presenter
    /// for the list, as typing does.
    func travel(to moment: PageMoment, services: AppServices) -> Bool {
        guard case .users(let query) = moment else { return false }
        if users.searchText != query { users.searchText = query }
        return true
    }
}

/// The login form's name, as the lesson's two controllers (the plain one and the mistake that
/// counts failures in the view) show it.
@MainActor
protocol LoginForm: TravelsInTime {
    var view: LoginView { get }
}

extension LoginForm {
    func moment(services: AppServices) -> PageMoment? { .login(name: view.name) }

    func travel(to moment: PageMoment, services: AppServices) -> Bool {
        guard case .login(let name) = moment else { return false }
        if view.name != name { view.name = name }
        return true
    }
}

extension LoginViewController: LoginForm {}
extension ViewCountingLoginViewController: LoginForm {}
