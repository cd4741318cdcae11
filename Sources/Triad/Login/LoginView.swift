import GtkKit

/// Seed 002's `LandView`: user name, password, Log In (the default button) and Register…; after
/// signing in, the signed-in name and Log Out (LoginView.ui). Passive: its controller wires the
/// buttons to its own methods, reads the fields and tells it what to show.
@MainActor
final class LoginView {
    private let builder = Builder(resource: AppInfo.ui("LoginView.ui"))
    let root: Widget
    let loginButton: Button
    let registerButton: Button
    let logoutButton: Button
    private let stack: Stack
    private let nameEntry: Entry
    private let passwordEntry: Entry
    private let message: Label
    private let spinner: Spinner
    private let hint: Label
    private let signedInLabel: Label

    init() {
        root = builder.object("root")
        stack = builder.object("root")
        loginButton = builder.object("login_button")
        registerButton = builder.object("register_button")
        logoutButton = builder.object("logout_button")
        nameEntry = builder.object("name_entry")
        passwordEntry = builder.object("password_entry")
        message = builder.object("message_label")
        spinner = builder.object("spinner")
        hint = builder.object("hint_label")
        signedInLabel = builder.object("signed_in_label")
    }

    /// The name typed; set, it is shown in the field, as typed.
    var name: String {
        get { nameEntry.text }
        set { nameEntry.text = newValue }
    }
    var password: String { passwordEntry.text }

    func setBusy(_ busy: Bool) {
        spinner.isSpinning = busy
        for widget in [loginButton.widget, registerButton.widget, nameEntry.widget, passwordEntry.widget] { widget.isSensitive = !busy }
    }

    /// Whether a password is being checked: the form is busy, and its fields have let go of the
    /// focus.
    var isBusy: Bool { spinner.isSpinning }

    func showMessage(_ text: String, isError: Bool) {
        message.text = text
        message.setStyleClass("error-message", isError)
        loginButton.accessibleDescription = isError ? text : ""
    }

    func showNoAccountsHint(_ visible: Bool) { hint.isVisible = visible }

    /// Empties the password field (after every attempt, whatever its outcome).
    func clearPassword() { passwordEntry.text = "" }

    func fill(name: String) {
        nameEntry.text = name
        passwordEntry.grabFocus()
    }

    func focusForRetry() { passwordEntry.grabFocus() }

    func showSignedIn(_ text: String) {
        signedInLabel.text = text
        stack.visibleChildName = "signed-in"
        logoutButton.grabDefault()
    }

    func showForm() {
        stack.visibleChildName = "form"
        loginButton.grabDefault()
        nameEntry.grabFocus()
    }
}
