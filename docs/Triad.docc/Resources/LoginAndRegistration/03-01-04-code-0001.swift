import GtkKit

/// How the registration hands its result back: seed 002's `transName:andPass:`.
@MainActor
protocol RegisterViewControllerDelegate: AnyObject {
    /// An account was made: its name.
    func registerViewController(_ controller: RegisterViewController, didRegister name: String)
    /// The dialog was closed without making one.
    func registerViewControllerDidCancel(_ controller: RegisterViewController)
}

/// Seed 002's registration controller: the dialog's answer is its action; the accounts decide.
@MainActor
final class RegisterViewController {
    private let view: RegisterView
    private let accounts: Accounts
    weak var delegate: RegisterViewControllerDelegate?

    init(accounts: Accounts, over window: Window) {
        self.accounts = accounts
        view = RegisterView(over: window)
        // Target-action with the signal's argument: which button answered.
        view.dialog.on(.response, target: self, action: RegisterViewController.responded)
    }

    func present() { view.dialog.present() }

    private func responded(_ response: Response) {
        guard response == .ok else {
            view.dialog.destroy()
            delegate?.registerViewControllerDidCancel(self)
            return
        }
        let name = view.name
        do {
            try accounts.register(name: name, password: view.password)
            view.dialog.destroy()
            delegate?.registerViewController(self, didRegister: name)
        } catch {
            view.showError(error.message)
        }
    }
}
