import GtkKit

/// Seed 002's registration controller: the dialog's answer is its action; the accounts decide.
@MainActor
final class RegisterViewController {
    private let view: RegisterView
    private let accounts: Accounts

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
            return
        }
        let name = view.name
        do {
            try accounts.register(name: name, password: view.password)
            view.dialog.destroy()
        } catch {
            view.showError(error.message)
        }
    }
}
