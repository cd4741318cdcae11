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
    /// Told the outcome (held weakly; recorded for the Messages pane).
    let delegate = Delegation<RegisterViewDelegate>(from: .controller, to: .controller)
    private let view: RegisterView
    private let accounts: Accounts
    private let meter: PasswordMeter
    private var busy = false

    init(accounts: Accounts, meter: PasswordMeter, parent: WidgetPointer) throws(BuilderError) {
        self.accounts = accounts
        self.meter = meter
        view = try RegisterView(parent: parent)
        view.onRegister = forward(to: self, RegisterViewController.register) { name, _, _ in "register(name: \"\(name)\", password: •••)" }
        view.onPasswordEdited = forward(to: self, RegisterViewController.passwordEdited) { _, password in "passwordEdited(\(password.count) characters)" }
        view.onBack = forward(to: self, RegisterViewController.cancel) { "cancel()" }
        LifetimeReport.created("register-controllers")
    }

    func present() { view.present() }

    isolated deinit { LifetimeReport.released("register-controllers") }

    /// The meter follows the password as it is typed (libpwquality, through the model).
    private func passwordEdited(name: String, password: String) {
        let strength = meter.strength(of: password, userName: name)
        view.showStrength(level: strength.level, hint: strength.hint)
    }

    private func register(name: String, password: String, confirmation: String) {
        guard !busy else { return }
        switch accounts.validateRegistration(name: name, password: password, confirmation: confirmation) {
        case .failure(let error):
            view.clearPasswords()
            view.showError(error.message, field: Self.field(for: error))
        case .success(let accepted):
            busy = true
            view.setBusy(true)
            view.showError("", field: nil)
            Background.run({ () -> String? in try? PasswordHasher.hash(accepted.password) }) { [weak self] hash in
                guard let self else { return }
                guard let hash else {
                    self.finish(.failure(.storage(L("The password could not be protected; please try again."))), accepted)
                    return
                }
                self.accounts.store(accepted, hash: hash) { [weak self] result in self?.finish(result, accepted) }
            }
        }
    }

    /// The registration's outcome: close and hand the name back, or say why and keep the form
    /// as it was (passwords included) so Register can simply be pressed again.
    private func finish(_ result: Result<Void, RegistrationError>, _ accepted: AcceptedRegistration) {
        busy = false
        view.setBusy(false)
        switch result {
        case .failure(let error):
            view.showError(error.message, field: Self.field(for: error))
        case .success:
            view.clearPasswords()
            view.close()
            delegate.did("registerViewController(didRegister: \"\(accepted.displayName)\")") {
                $0.registerViewController(self, didRegister: accepted.displayName)
            }
        }
    }

    private func cancel() {
        guard !busy else { return }  // a registration being stored finishes first
        view.close()
        delegate.did("registerViewControllerDidCancel") { $0.registerViewControllerDidCancel(self) }
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
