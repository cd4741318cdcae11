import GtkKit
import TriadModel

/// Seed 002's `LandViewController`: mediates between the login view and the accounts model, and
/// is the registration controller's delegate.
@MainActor
final class LoginViewController: PageController, RegisterViewDelegate {
    let view = LoginView()
    let accounts: Accounts
    private let meter: () -> PasswordMeter
    private let window: Window
    /// The registration dialog's controller while it is open.
    private(set) var registration: RegisterViewController?
    /// How that controller is made, with this one as its delegate: its own initializer, unless
    /// another maker is given where the page is made.
    typealias MakeRegistration = @MainActor (Accounts, PasswordMeter, Window, RegisterViewDelegate) -> RegisterViewController
    private let makeRegistration: MakeRegistration

    init(
        accounts: Accounts, meter: @escaping () -> PasswordMeter, window: Window,
        makeRegistration: @escaping MakeRegistration = RegisterViewController.init
    ) {
        self.makeRegistration = makeRegistration
        self.accounts = accounts
        self.meter = meter
        self.window = window
        // Target-action: each button calls one method of this controller.
        view.loginButton.on(.clicked, target: self, action: LoginViewController.logIn)
        view.registerButton.on(.clicked, target: self, action: LoginViewController.openRegistration)
        view.logoutButton.on(.clicked, target: self, action: LoginViewController.logOut)
        view.showNoAccountsHint(accounts.count == 0)
    }

    var root: Widget { view.root }
    var defaultButton: Button? { view.loginButton }

    private func logIn() {
        let password = view.password
        view.clearPassword()
        accounts.logIn(
            name: view.name, password: password, checking: weakly(self, LoginViewController.showChecking),
            then: weakly(self, LoginViewController.show))
    }

    /// While the model checks the password (yescrypt takes a noticeable fraction of a second).
    private func showChecking() {
        view.setBusy(true)
        view.showMessage(L("Checking…"), isError: false)
    }

    private func show(_ outcome: LoginOutcome) {
        let checked = view.isBusy  // a check took the focus from the form; a refusal left it where it was
        view.setBusy(false)
        if case .signedIn = outcome {
            view.showMessage("", isError: false)
            view.showSignedIn(outcome.message)
        } else {
            view.showMessage(outcome.message, isError: true)
            if checked { view.focusForRetry() }
        }
    }

    private func logOut() {
        view.showMessage(L("You have logged out."), isError: false)
        view.showForm()
    }

    /// Seed 002's modal registration screen, with this controller as its delegate.
    private func openRegistration() {
        let controller = makeRegistration(accounts, meter(), window, self)
        registration = controller
        controller.present()
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
