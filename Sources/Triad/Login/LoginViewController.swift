import GtkKit
import TriadModel

/// Seed 002's `LandViewController`: mediates between the login view and the accounts model, and is
/// the registration controller's delegate.
@MainActor
final class LoginViewController: PageController, RegisterViewDelegate {
    private let view: LoginView
    private let accounts: Accounts
    private let window: WidgetPointer
    private let services: AppServices
    private var registration: RegisterViewController?

    init(context: PageContext) throws(BuilderError) {
        view = try LoginView()
        accounts = Accounts(store: context.services.store, policy: context.services.passwordPolicy)
        window = context.window
        services = context.services
        // Target-action: each button is wired to one method here.
        view.onLogin = forward(to: self, LoginViewController.logIn) { name, _ in "logIn(name: \"\(name)\", password: •••)" }
        view.onRegister = forward(to: self, LoginViewController.openRegistration) { "openRegistration()" }
        view.onLogout = forward(to: self, LoginViewController.logOut) { "logOut()" }
        view.showNoAccountsHint(accounts.count == 0)
    }

    var root: WidgetPointer { view.root }
    var defaultButton: WidgetPointer? { view.loginButton }

    private func logIn(name: String, password: String) {
        view.clearPassword()
        switch accounts.beginLogin(name: name, password: password) {
        case .refuse(let outcome):
            view.showMessage(outcome.message, isError: true)
        case .verify(let key, let displayName, let hash):
            view.setBusy(true)
            view.showMessage(L("Checking…"), isError: false)
            // yescrypt takes a noticeable fraction of a second: off the main loop.
            Background.run({ PasswordHasher.verify(password, against: hash) }) { [weak self] matched in
                guard let self else { return }
                self.accounts.finishLogin(nameKey: key, displayName: displayName, passwordMatched: matched,
                                          then: weakly(self, LoginViewController.show))
            }
        }
    }

    private func show(_ outcome: LoginOutcome) {
        view.setBusy(false)
        if case .signedIn = outcome {
            view.showMessage("", isError: false)
            view.showSignedIn(outcome.message)
        } else {
            view.showMessage(outcome.message, isError: true)
            view.focusForRetry()
        }
    }

    private func logOut() {
        view.showMessage(L("You have logged out."), isError: false)
        view.showForm()
    }

    private func openRegistration() {
        do {
            let controller = try RegisterViewController(accounts: accounts, meter: services.passwordMeter, parent: window)
            controller.delegate.connect(self)
            registration = controller
            controller.present()
        } catch {
            view.showMessage("\(error)", isError: true)
        }
    }

    // MARK: RegisterViewDelegate (the seed's transName:andPass:, without the password)

    func registerViewController(_ controller: RegisterViewController, didRegister name: String) {
        registration = nil
        view.showNoAccountsHint(false)
        view.fill(name: name)
        view.showMessage(L("Account {name} created. Enter its password to log in.").filling(["name": name]), isError: false)
    }

    func registerViewControllerDidCancel(_ controller: RegisterViewController) {
        registration = nil
    }
}
