import GtkKit

/// Seed 002's registration controller: the dialog's answer is its action; the accounts decide.
@MainActor
final class RegisterViewController {
    private let view: RegisterView
    private let accounts: Accounts

    init(accounts: Accounts, over window: Window) {
        self.accounts = accounts
        view = RegisterView(over: window)
    }

    func present() { view.dialog.present() }
}
