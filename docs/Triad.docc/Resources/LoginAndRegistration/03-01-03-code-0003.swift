import GtkKit
import TriadModel

/// Seed 002's `RegisterView`: a modal dialog with name, password and confirmation, and a meter of
/// the password's strength (RegisterView.ui). Its controller answers the dialog's response and
/// the fields' edits; the eye icons that show the passwords are the view's own business.
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
    private let strengthBar: LevelBar
    private let strengthHint: Label

    init(over window: Window) {
        owned = Owned(window: builder.object("dialog"))
        nameEntry = builder.object("name_entry")
        passwordEntry = builder.object("password_entry")
        confirmationEntry = builder.object("confirm_entry")
        registerButton = builder.object("register_button")
        message = builder.object("message_label")
        spinner = builder.object("spinner")
        strengthBar = builder.object("strength_bar")
        strengthHint = builder.object("strength_hint")
        registerButton.setStyleClass("suggested-action", true)
        dialog.setTransient(for: window)
        dialog.installActions(Self.actions, owner: self, application: window.application)
        // The meter's steps (GtkLevelBar colours the blocks up to "low", "high" and "full").
        strengthBar.setSteps(low: 2, high: 3, full: 4)
        passwordEntry.on(.iconPress, target: self, action: RegisterView.toggleReveal)
        confirmationEntry.on(.iconPress, target: self, action: RegisterView.toggleReveal)
    }

    /// The dialog's own actions (`win.*`): Ctrl+W, as every window (GtkDialog answers Escape).
    static var actions: [ActionEntry<RegisterView>] {
        [ActionEntry("close", ["<Primary>w"], RegisterView.closeWindow)]
    }

    var name: String { nameEntry.text }
    var password: String { passwordEntry.text }
    var confirmation: String { confirmationEntry.text }

    /// The eye icon in either password field shows or hides both, as GNOME Settings does.
    private func toggleReveal(_: EntryIcon) {
        let reveal = !passwordEntry.isTextVisible
        for entry in [passwordEntry, confirmationEntry] {
            entry.isTextVisible = reveal
            entry.setEndIcon(
                named: reveal ? "view-conceal-symbolic" : "view-reveal-symbolic",
                tooltip: reveal ? L("Hide the password") : L("Show the password"))
        }
    }

    /// The meter: `level` of 0–4 steps and the sentence under it.
    func showStrength(level: Int, hint: String) {
        strengthBar.value = Double(level)
        strengthHint.text = hint
    }

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
