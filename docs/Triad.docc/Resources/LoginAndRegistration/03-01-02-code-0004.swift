import GtkKit

/// Seed 002's login controller: target-action on Log In and Register…; the accounts decide.
@MainActor
final class LoginViewController {
    let view = LoginView()
    private let accounts: Accounts

    init(accounts: Accounts) {
        self.accounts = accounts
        view.loginButton.on(.clicked, target: self, action: LoginViewController.logIn)
    }

    private func logIn() {
        do {
            try accounts.logIn(name: view.name, password: view.password)
            view.showStatus("Welcome, \(view.name)")
        } catch {
            view.showStatus(error.message)
        }
    }
}
