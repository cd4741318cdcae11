import GtkKit
import TriadModel

/// Seed 002's `RegisterViewDelegate`: how the registration screen hands the new account back (the
/// seed's `transName:andPass:`, without the password: it is never handed back to the login screen).
@MainActor
protocol RegisterViewDelegate: AnyObject {
    func registerViewController(_ controller: RegisterViewController, didRegister name: String)
    func registerViewControllerDidCancel(_ controller: RegisterViewController)
}

/// Seed 002's `RegisterViewController`: checks the form through the model (one outcome per
/// press), has the model register the account, and tells its delegate.
@MainActor
final class RegisterViewController {
    weak var delegate: RegisterViewDelegate?
    private let view: RegisterView
    private let accounts: Accounts
    private let meter: PasswordMeter
    private var busy = false

    init(accounts: Accounts, meter: PasswordMeter, over window: Window, delegate: RegisterViewDelegate) {
        self.delegate = delegate
        self.accounts = accounts
        self.meter = meter
        view = RegisterView(over: window)
        // Target-action: Register (OK) or Back, Escape and the close button (cancel) answer the
        // dialog; the meter follows the name and the password as they are typed.
        view.dialog.on(.response, target: self, action: RegisterViewController.answered)
        view.nameEntry.on(.changed, target: self, action: RegisterViewController.passwordEdited)
        view.passwordEntry.on(.changed, target: self, action: RegisterViewController.passwordEdited)
    }

    func present() { view.present() }

    private func answered(_ response: Response) {
        if response == .ok { register() } else { cancel() }
    }

    /// The meter follows the password as it is typed (libpwquality, through the model).
    private func passwordEdited() {
        let strength = meter.strength(of: view.password, userName: view.name)
        view.showStrength(level: strength.level, hint: strength.hint)
    }

    private func register() {
        guard !busy else { return }
        switch accounts.validateRegistration(name: view.name, password: view.password, confirmation: view.confirmation) {
        case .failure(let error):
            view.clearPasswords()
            view.showError(error.message, field: Self.field(for: error))
        case .success(let accepted):
            busy = true
            view.setBusy(true)
            view.showError("", field: nil)
            accounts.register(accepted) { [weak self] result in self?.finish(result, accepted) }
        }
    }

    /// The registration's outcome: close and hand the name back, or say why and keep the form
    /// as it was (passwords included) so that Register can simply be pressed again.
    private func finish(_ result: Result<Void, RegistrationError>, _ accepted: AcceptedRegistration) {
        busy = false
        view.setBusy(false)
        switch result {
        case .failure(let error):
            view.showError(error.message, field: Self.field(for: error))
        case .success:
            view.clearPasswords()
            view.close()
            delegate?.registerViewController(self, didRegister: accepted.displayName)
        }
    }

    private func cancel() {
        guard !busy else { return }  // a registration being stored finishes first
        view.close()
        delegate?.registerViewControllerDidCancel(self)
    }

    private static func field(for error: RegistrationError) -> RegisterView.Field? {
        switch error {
        case .emptyName, .nameTaken, .nameHasControlCharacters: .name
        case .emptyPassword, .weakPassword: .password
        case .emptyConfirmation, .passwordsDiffer: .confirmation
        case .storage: nil
        }
    }
}
