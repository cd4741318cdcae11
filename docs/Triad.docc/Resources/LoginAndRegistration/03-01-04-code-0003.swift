import GtkKit

/// Seed 002's login controller: target-action on Log In and Register…; the accounts decide.
/// It is the registration controller's delegate, which hands the new account back.
@MainActor
final class LoginViewController: RegisterViewControllerDelegate {
    let view = LoginView()
    private let accounts: Accounts
    /// The registration's controller, while its dialog is open.
    private var registration: RegisterViewController?

    init(accounts: Accounts) {
        self.accounts = accounts
        view.loginButton.on(.clicked, target: self, action: LoginViewController.logIn)
        view.registerButton.on(.clicked, target: self, action: LoginViewController.register)
    }

    private func logIn() {
        do {
            try accounts.logIn(name: view.name, password: view.password)
            view.showStatus("Welcome, \(view.name)")
        } catch {
            view.showStatus(error.message)
        }
    }

    /// Opens the registration dialog over this window.
    private func register() {
        guard let window = view.root.window else { return }
        let controller = RegisterViewController(accounts: accounts, over: window)
        controller.delegate = self
        registration = controller
        controller.present()
    }

    // MARK: RegisterViewControllerDelegate

    func registerViewController(_ controller: RegisterViewController, didRegister name: String) {
        registration = nil
        view.fill(name: name)
        view.showStatus("Account \(name) created. Enter its password to log in.")
    }

    func registerViewControllerDidCancel(_ controller: RegisterViewController) { registration = nil }
}
