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
        ui = try UIDescription(resource: AppInfo.ui("login.ui"))
        root = ui.widget("root")
        stack = ui.get("root")
        loginButton = ui.widget("login_button")
        nameEntry = ui.get("name_entry")
        passwordEntry = ui.get("password_entry")
        message = ui.get("message_label")
        spinner = ui.get("spinner")
        nameEntry.setAccessibleName(L("User name"))
        passwordEntry.setAccessibleName(L("Password"))
        loginButton.setAccessibleName(L("Log in"))
        ui.widget("register_button").setAccessibleName(L("Register…"))
        ui.widget("logout_button").setAccessibleName(L("Log out"))
        message.setAccessibleName(L("Login message"))
        ui.widget("signed_in_label").setAccessibleName(L("Signed in user"))
        ui.widget("hint_label").setAccessibleName(L("Login hint"))

        loginButton.on("clicked") { [weak self] in
            guard let self else { return }
            self.onLogin?(self.nameEntry.text, self.passwordEntry.text)
        }
        ui.widget("register_button").on("clicked") { [weak self] in self?.onRegister?() }
        ui.widget("logout_button").on("clicked") { [weak self] in self?.onLogout?() }
    }

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

/// Seed 002's `RegisterView`: a modal dialog with name, password and confirmation.
@MainActor
final class RegisterView {
    enum Field { case name, password, confirmation }

    private let ui: UIDescription
    let dialog: UnsafeMutablePointer<GtkDialog>
    private let entries: [Field: UnsafeMutablePointer<GtkEntry>]
    private let message: UnsafeMutablePointer<GtkLabel>
    private let spinner: UnsafeMutablePointer<GtkSpinner>

    var onRegister: (@MainActor (_ name: String, _ password: String, _ confirmation: String) -> Void)?
    var onBack: (@MainActor () -> Void)?

    init(parent: WidgetPointer) throws(BuilderError) {
        ui = try UIDescription(resource: AppInfo.ui("register.ui"))
        dialog = ui.get("dialog")
        entries = [.name: ui.get("name_entry"), .password: ui.get("password_entry"), .confirmation: ui.get("confirm_entry")]
        message = ui.get("message_label")
        spinner = ui.get("spinner")
        entries[.name]?.setAccessibleName(L("New user name"))
        entries[.password]?.setAccessibleName(L("New password"))
        entries[.confirmation]?.setAccessibleName(L("Confirm password"))
        ui.widget("back_button").setAccessibleName(L("Back"))
        ui.widget("register_button").setAccessibleName(L("Register"))
        ui.widget("register_button").setStyleClass("suggested-action", true)
        message.setAccessibleName(L("Registration message"))
        dialog.setAccessibleName(L("Register"))
        if let toplevel = gtk_widget_get_toplevel(parent) {
            gtk_window_set_transient_for(dialog.cast(), toplevel.cast())
            addCloseAction(to: dialog.cast(), application: gtk_window_get_application(toplevel.cast()))
        }
        // Back, Escape and the close button all answer "cancel"; Register answers "ok".
        dialog.on("response", withArgument: { [weak self] argument in
            guard let self else { return }
            if responseID(argument) == GTK_RESPONSE_OK.rawValue {
                self.onRegister?(self.text(.name), self.text(.password), self.text(.confirmation))
            } else {
                self.onBack?()
            }
        })
    }

    func present() { gtk_window_present(dialog.cast()) }
    func close() { gtk_widget_destroy(dialog.widget) }

    private func text(_ field: Field) -> String { entries[field]?.text ?? "" }

    func setBusy(_ busy: Bool) {
        if busy { gtk_spinner_start(spinner) } else { gtk_spinner_stop(spinner) }
        gtk_dialog_set_response_sensitive(dialog, GTK_RESPONSE_OK.rawValue, gbool(!busy))
        for entry in entries.values { entry.isSensitive = !busy }
    }

    func showError(_ text: String, field: Field?) {
        message.text = text
        for (key, entry) in entries { entry.setStyleClass("error", key == field) }
        ui.widget("register_button").setAccessibleDescription(text)
        if let field { entries[field]?.grabFocus() }
    }

    func clearPasswords() {
        entries[.password]?.text = ""
        entries[.confirmation]?.text = ""
    }
}
