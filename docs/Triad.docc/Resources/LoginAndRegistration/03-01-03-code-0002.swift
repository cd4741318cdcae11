import GtkKit
import TriadModel

/// Seed 002's `RegisterView`: a modal dialog with name, password and confirmation
/// (RegisterView.ui). Its controller answers the dialog's response.
@MainActor
final class RegisterView {
    enum Field { case name, password, confirmation }

    private let builder = Builder(resource: AppInfo.ui("RegisterView.ui"))
    /// Owned: the dialog is destroyed when this view goes, however the controller let go of it.
    private let owned: Owned<Dialog>
    var dialog: Dialog { owned.object }
    let nameEntry: Entry
    let passwordEntry: Entry
    let confirmationEntry: Entry
    private let registerButton: Button
    private let message: Label
    private let spinner: Spinner

    init(over window: Window) {
        owned = Owned(window: builder.object("dialog"))
        nameEntry = builder.object("name_entry")
        passwordEntry = builder.object("password_entry")
        confirmationEntry = builder.object("confirm_entry")
        registerButton = builder.object("register_button")
        message = builder.object("message_label")
        spinner = builder.object("spinner")
        registerButton.setStyleClass("suggested-action", true)
        dialog.setTransient(for: window)
        dialog.installActions(Self.actions, owner: self, application: window.application)
    }

    /// The dialog's own actions (`win.*`): Ctrl+W, as every window (GtkDialog answers Escape).
    static var actions: [ActionEntry<RegisterView>] {
        [ActionEntry("close", ["<Primary>w"], RegisterView.closeWindow)]
    }

    var name: String { nameEntry.text }
    var password: String { passwordEntry.text }
    var confirmation: String { confirmationEntry.text }

    /// `win.close`: as the title bar's close button (the dialog answers "cancel").
    func closeWindow() { dialog.close() }

    func present() { dialog.present() }
    func close() { dialog.destroy() }

    func setBusy(_ busy: Bool) {
        spinner.isSpinning = busy
        dialog.setResponse(.ok, enabled: !busy)
        for entry in [nameEntry, passwordEntry, confirmationEntry] { entry.isSensitive = !busy }
    }

    func showError(_ text: String, field: Field?) {
        message.text = text
        for (key, entry) in [(Field.name, nameEntry), (.password, passwordEntry), (.confirmation, confirmationEntry)] {
            entry.setStyleClass("error", key == field)
            if key == field { entry.grabFocus() }
        }
        registerButton.accessibleDescription = text
    }

    func clearPasswords() {
        passwordEntry.text = ""
        confirmationEntry.text = ""
    }
}
