import CGtk
import GtkKit
import TriadModel

/// Seed 002's `LandView`: user name, password, Log In (default) and Register…; after signing in,
/// the signed-in name and Log Out. Passive: it reports presses and shows what it is told.
@MainActor
final class LoginView {
    private let ui: UIDescription
    let root: WidgetPointer
    let loginButton: WidgetPointer
    private let stack: UnsafeMutablePointer<GtkStack>
    private let nameEntry: UnsafeMutablePointer<GtkEntry>
    private let passwordEntry: UnsafeMutablePointer<GtkEntry>
    private let message: UnsafeMutablePointer<GtkLabel>
    private let spinner: UnsafeMutablePointer<GtkSpinner>

    var onLogin: (@MainActor (_ name: String, _ password: String) -> Void)?
    var onRegister: (@MainActor () -> Void)?
    var onLogout: (@MainActor () -> Void)?

    init() throws(BuilderError) {
        ui = try UIDescription(resource: AppInfo.ui("LoginView.ui"))
        ui.setAccessibleNames([
            "hint_label": L("Login hint"),
            "name_entry": L("User name"),
            "password_entry": L("Password"),
            "message_label": L("Login message"),
            "register_button": L("Register…"),
            "login_button": L("Log in"),
            "signed_in_label": L("Signed in user"),
            "logout_button": L("Log out"),
        ])
        root = ui.widget("root")
        stack = ui.get("root")
        loginButton = ui.widget("login_button")
        nameEntry = ui.get("name_entry")
        passwordEntry = ui.get("password_entry")
        message = ui.get("message_label")
        spinner = ui.get("spinner")
        loginButton.on(.clicked, target: self, action: LoginView.loginPressed)
        ui.widget("register_button").on(.clicked, target: self, action: LoginView.registerPressed)
        ui.widget("logout_button").on(.clicked, target: self, action: LoginView.logoutPressed)
    }

    private func loginPressed() { onLogin?(nameEntry.text, passwordEntry.text) }
    private func registerPressed() { onRegister?() }
    private func logoutPressed() { onLogout?() }

    func setBusy(_ busy: Bool) {
        if busy { gtk_spinner_start(spinner) } else { gtk_spinner_stop(spinner) }
        for id in ["login_button", "register_button", "name_entry", "password_entry"] {
            ui.widget(id).isSensitive = !busy
        }
    }

    func showMessage(_ text: String, isError: Bool) {
        message.text = text
        message.setStyleClass("error-message", isError)
        loginButton.setAccessibleDescription(isError ? text : "")
    }

    func showNoAccountsHint(_ visible: Bool) { ui.widget("hint_label").isVisible = visible }

    /// Empties the password field (after every attempt, whatever its outcome).
    func clearPassword() { passwordEntry.text = "" }

    func fill(name: String) {
        nameEntry.text = name
        passwordEntry.grabFocus()
    }

    func focusForRetry() { passwordEntry.grabFocus() }

    func showSignedIn(_ text: String) {
        ui.get("signed_in_label", as: GtkLabel.self).text = text
        gtk_stack_set_visible_child_name(stack, "signed-in")
        gtk_widget_grab_default(ui.widget("logout_button"))
    }

    func showForm() {
        gtk_stack_set_visible_child_name(stack, "form")
        gtk_widget_grab_default(loginButton)
        nameEntry.grabFocus()
    }
}
