import CGtk
import GtkKit

/// Seed 002's `LandView`: user name, password, Log In (the default button) and Register…; after
/// signing in, the signed-in name and Log Out (LoginView.ui). Passive: its controller wires the
/// buttons to its own methods, reads the fields and tells it what to show.
@MainActor
class LoginView {
    private let builder = Builder(resource: AppInfo.ui("LoginView.ui"))
    let root: WidgetPointer
    let loginButton: WidgetPointer
    let registerButton: WidgetPointer
    let logoutButton: WidgetPointer
    private let stack: UnsafeMutablePointer<GtkStack>
    private let nameEntry: UnsafeMutablePointer<GtkEntry>
    private let passwordEntry: UnsafeMutablePointer<GtkEntry>
    private let message: UnsafeMutablePointer<GtkLabel>
    private let spinner: UnsafeMutablePointer<GtkSpinner>
    private let hint: WidgetPointer
    private let signedInLabel: UnsafeMutablePointer<GtkLabel>

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

    var name: String { nameEntry.text }
    var password: String { passwordEntry.text }

    func setBusy(_ busy: Bool) {
        if busy { gtk_spinner_start(spinner) } else { gtk_spinner_stop(spinner) }
        for widget in [loginButton, registerButton, nameEntry.widget, passwordEntry.widget] { widget.isSensitive = !busy }
    }

    func showMessage(_ text: String, isError: Bool) {
        message.text = text
        message.setStyleClass("error-message", isError)
        loginButton.setAccessibleDescription(isError ? text : "")
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
        gtk_stack_set_visible_child_name(stack, "signed-in")
        gtk_widget_grab_default(logoutButton)
    }

    func showForm() {
        gtk_stack_set_visible_child_name(stack, "form")
        gtk_widget_grab_default(loginButton)
        nameEntry.grabFocus()
    }
}
