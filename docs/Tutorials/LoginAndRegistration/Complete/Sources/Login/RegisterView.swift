import GtkKit

/// Seed 002's registration view: a modal dialog with a name and a password, Cancel and Register
/// (RegisterView.ui).
@MainActor
final class RegisterView {
    private let builder = Builder(file: "RegisterView.ui")
    /// Owned: the dialog is destroyed when this view goes.
    private let owned: Owned<Dialog>
    var dialog: Dialog { owned.object }
    private let nameEntry: Entry
    private let passwordEntry: Entry
    private let errorLabel: Label

    init(over window: Window) {
        owned = Owned(window: builder.object("dialog"))
        nameEntry = builder.object("new_name_entry")
        passwordEntry = builder.object("new_password_entry")
        errorLabel = builder.object("error_label")
        dialog.setTransient(for: window)
    }

    var name: String { nameEntry.text }
    var password: String { passwordEntry.text }

    /// Says why the account was not made.
    func showError(_ message: String) {
        errorLabel.text = message
        errorLabel.isVisible = true
    }
}
