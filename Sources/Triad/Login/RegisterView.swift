import CGtk
import GtkKit
import TriadModel

/// Seed 002's `RegisterView`: a modal dialog with name, password and confirmation, and a meter of
/// the password's strength (RegisterView.ui). Its controller answers the dialog's response and
/// the fields' edits; the eye icons that show the passwords are the view's own business.
@MainActor
class RegisterView {
    enum Field { case name, password, confirmation }

    private let builder = Builder(resource: AppInfo.ui("RegisterView.ui"))
    /// Owned: the dialog is destroyed when this view goes, however the controller let go of it.
    private let owned: Owned<GtkDialog>
    var dialog: UnsafeMutablePointer<GtkDialog> { owned.pointer }
    let nameEntry: UnsafeMutablePointer<GtkEntry>
    let passwordEntry: UnsafeMutablePointer<GtkEntry>
    let confirmationEntry: UnsafeMutablePointer<GtkEntry>
    private let registerButton: WidgetPointer
    private let message: UnsafeMutablePointer<GtkLabel>
    private let spinner: UnsafeMutablePointer<GtkSpinner>
    private let strengthBar: UnsafeMutablePointer<GtkLevelBar>
    private let strengthHint: UnsafeMutablePointer<GtkLabel>

    init(parent: WidgetPointer) {
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
        if let toplevel = gtk_widget_get_toplevel(parent) {
            gtk_window_set_transient_for(dialog.cast(), toplevel.cast())
            installWindowActions(Self.actions, on: dialog.cast(), owner: self,
                                 application: gtk_window_get_application(toplevel.cast()))
        }
        // The meter's steps (GtkLevelBar colours the blocks below "low", "high" and "full").
        gtk_level_bar_add_offset_value(strengthBar, GTK_LEVEL_BAR_OFFSET_LOW, 2)
        gtk_level_bar_add_offset_value(strengthBar, GTK_LEVEL_BAR_OFFSET_HIGH, 3)
        gtk_level_bar_add_offset_value(strengthBar, GTK_LEVEL_BAR_OFFSET_FULL, 4)
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
    private func toggleReveal(_: GtkEntryIconPosition) {
        let reveal = gtk_entry_get_visibility(passwordEntry) == 0
        for entry in [passwordEntry, confirmationEntry] {
            gtk_entry_set_visibility(entry, gbool(reveal))
            gtk_entry_set_icon_from_icon_name(entry, GTK_ENTRY_ICON_SECONDARY, reveal ? "view-conceal-symbolic" : "view-reveal-symbolic")
            gtk_entry_set_icon_tooltip_text(entry, GTK_ENTRY_ICON_SECONDARY, reveal ? L("Hide the password") : L("Show the password"))
        }
    }

    /// The meter: `level` of 0–4 steps and the sentence under it.
    func showStrength(level: Int, hint: String) {
        gtk_level_bar_set_value(strengthBar, Double(level))
        strengthHint.text = hint
    }

    /// `win.close`: as the title bar's close button (the dialog answers "cancel").
    func closeWindow() { gtk_window_close(dialog.cast()) }

    func present() { gtk_window_present(dialog.cast()) }
    func close() { gtk_widget_destroy(dialog.widget) }

    func setBusy(_ busy: Bool) {
        if busy { gtk_spinner_start(spinner) } else { gtk_spinner_stop(spinner) }
        gtk_dialog_set_response_sensitive(dialog, GTK_RESPONSE_OK.rawValue, gbool(!busy))
        for entry in [nameEntry, passwordEntry, confirmationEntry] { entry.isSensitive = !busy }
    }

    func showError(_ text: String, field: Field?) {
        message.text = text
        for (key, entry) in [(Field.name, nameEntry), (.password, passwordEntry), (.confirmation, confirmationEntry)] {
            entry.setStyleClass("error", key == field)
            if key == field { entry.grabFocus() }
        }
        registerButton.setAccessibleDescription(text)
    }

    func clearPasswords() {
        passwordEntry.text = ""
        confirmationEntry.text = ""
    }
}
