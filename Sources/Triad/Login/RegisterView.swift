import CGtk
import GtkKit
import TriadModel

/// Seed 002's `RegisterView`: a modal dialog with name, password and confirmation.
@MainActor
final class RegisterView {
    enum Field { case name, password, confirmation }

    private let ui: UIDescription
    /// Owned: the dialog is destroyed when this view goes, however the controller let go of it.
    private let owned: Owned<GtkDialog>
    var dialog: UnsafeMutablePointer<GtkDialog> { owned.pointer }
    private let entries: [Field: UnsafeMutablePointer<GtkEntry>]
    private let message: UnsafeMutablePointer<GtkLabel>
    private let spinner: UnsafeMutablePointer<GtkSpinner>

    var onRegister: (@MainActor (_ name: String, _ password: String, _ confirmation: String) -> Void)?
    var onBack: (@MainActor () -> Void)?
    /// The name or the password changed (the meter follows as one types).
    var onPasswordEdited: (@MainActor (_ name: String, _ password: String) -> Void)?

    init(parent: WidgetPointer) throws(BuilderError) {
        ui = try UIDescription(resource: AppInfo.ui("RegisterView.ui"))
        ui.setAccessibleNames([
            "dialog": L("Register"),
            "back_button": L("Back"),
            "register_button": L("Register"),
            "name_entry": L("New user name"),
            "password_entry": L("New password"),
            "confirm_entry": L("Confirm password"),
            "strength_bar": L("Password strength"),
            "strength_hint": L("Password strength hint"),
            "message_label": L("Registration message"),
        ])
        owned = Owned(window: ui.get("dialog"))
        entries = [.name: ui.get("name_entry"), .password: ui.get("password_entry"), .confirmation: ui.get("confirm_entry")]
        message = ui.get("message_label")
        spinner = ui.get("spinner")
        ui.widget("register_button").setStyleClass("suggested-action", true)
        if let toplevel = gtk_widget_get_toplevel(parent) {
            gtk_window_set_transient_for(dialog.cast(), toplevel.cast())
            installWindowActions(Self.actions, on: dialog.cast(), owner: self,
                                 application: gtk_window_get_application(toplevel.cast()))
        }
        // Back, Escape and the close button all answer "cancel"; Register answers "ok".
        dialog.on(.response, target: self, action: RegisterView.answered)
        // The meter's steps (GtkLevelBar colours the blocks below "low", "high" and "full").
        let bar: UnsafeMutablePointer<GtkLevelBar> = ui.get("strength_bar")
        gtk_level_bar_add_offset_value(bar, GTK_LEVEL_BAR_OFFSET_LOW, 2)
        gtk_level_bar_add_offset_value(bar, GTK_LEVEL_BAR_OFFSET_HIGH, 3)
        gtk_level_bar_add_offset_value(bar, GTK_LEVEL_BAR_OFFSET_FULL, 4)
        for field in [Field.name, .password] {
            entries[field]?.on(.changed, target: self, action: RegisterView.passwordEdited)
        }
        for field in [Field.password, .confirmation] {
            entries[field]?.on(.iconPress) { [weak self] (_: GtkEntryIconPosition) in self?.toggleReveal() }
        }
    }

    private func passwordEdited() { onPasswordEdited?(text(.name), text(.password)) }

    /// The eye icon in either password field shows or hides both, as GNOME Settings does.
    private func toggleReveal() {
        guard let password = entries[.password], let confirmation = entries[.confirmation] else { return }
        let reveal = gtk_entry_get_visibility(password) == 0
        for entry in [password, confirmation] {
            gtk_entry_set_visibility(entry, gbool(reveal))
            gtk_entry_set_icon_from_icon_name(entry, GTK_ENTRY_ICON_SECONDARY, reveal ? "view-conceal-symbolic" : "view-reveal-symbolic")
            gtk_entry_set_icon_tooltip_text(entry, GTK_ENTRY_ICON_SECONDARY, reveal ? L("Hide the password") : L("Show the password"))
        }
    }

    /// The meter: `level` of 0–4 steps and the sentence under it.
    func showStrength(level: Int, hint: String) {
        gtk_level_bar_set_value(ui.get("strength_bar", as: GtkLevelBar.self), Double(level))
        ui.get("strength_hint", as: GtkLabel.self).text = hint
    }

    private func answered(_ response: Int32) {
        if response == GTK_RESPONSE_OK.rawValue {
            onRegister?(text(.name), text(.password), text(.confirmation))
        } else {
            onBack?()
        }
    }

    /// `win.close`: as the title bar's close button (the dialog answers "cancel").
    func closeWindow() { gtk_window_close(dialog.cast()) }

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
