import GtkKit
import TriadModel

/// Seed 002's `RegisterViewDelegate`: how the registration screen hands the new account back.
@MainActor
protocol RegisterViewDelegate: AnyObject {
    func registerViewController(_ controller: RegisterViewController, didRegister name: String)
    func registerViewControllerDidCancel(_ controller: RegisterViewController)
}

/// Seed 002's `RegisterViewController`: validates through the model (one outcome per press),
/// hashes off the main loop, stores, and tells its delegate.
@MainActor
final class RegisterViewController {
    weak var delegate: RegisterViewDelegate?
    private let view: RegisterView
    private let accounts: Accounts
    private var busy = false

    init(accounts: Accounts, parent: WidgetPointer) throws(BuilderError) {
        self.accounts = accounts
        view = try RegisterView(parent: parent)
        view.onRegister = weakly(self, RegisterViewController.register)
        view.onBack = weakly(self, RegisterViewController.cancel)
        LifetimeReport.created("register-controllers")
    }

    func present() { view.present() }

    isolated deinit { LifetimeReport.released("register-controllers") }

    private func register(name: String, password: String, confirmation: String) {
        guard !busy else { return }
        view.clearPasswords()
        switch accounts.validateRegistration(name: name, password: password, confirmation: confirmation) {
        case .failure(let error):
            view.showError(error.message, field: Self.field(for: error))
        case .success(let accepted):
            busy = true
            view.setBusy(true)
            view.showError("", field: nil)
            Background.run({ () -> String? in try? PasswordHasher.hash(accepted.password) }) { [weak self] hash in
                guard let self else { return }
                self.busy = false
                self.view.setBusy(false)
                guard let hash else {
                    self.view.showError(L("The password could not be protected; please try again."), field: nil)
                    return
                }
                switch self.accounts.store(accepted, hash: hash) {
                case .failure(let error):
                    self.view.showError(error.message, field: Self.field(for: error))
                case .success:
                    self.view.close()
                    self.delegate?.registerViewController(self, didRegister: accepted.displayName)
                }
            }
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
