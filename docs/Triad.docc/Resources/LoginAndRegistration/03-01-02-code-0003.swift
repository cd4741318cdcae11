import GtkKit

/// Seed 002's login view: a name, a password, Log In and Register…, and a status line
/// (LoginView.ui). Its controller wires the buttons and tells it what to show.
@MainActor
final class LoginView {
    private let builder = Builder(file: "LoginView.ui")
    let root: Widget
    let loginButton: Button
    let registerButton: Button
    private let nameEntry: Entry
    private let passwordEntry: Entry
    private let statusLabel: Label

    init() {
        root = builder.object("root")
        loginButton = builder.object("login_button")
        registerButton = builder.object("register_button")
        nameEntry = builder.object("name_entry")
        passwordEntry = builder.object("password_entry")
        statusLabel = builder.object("status_label")
    }

    var name: String { nameEntry.text }
    var password: String { passwordEntry.text }

    /// The line under the buttons.
    func showStatus(_ text: String) { statusLabel.text = text }
}
