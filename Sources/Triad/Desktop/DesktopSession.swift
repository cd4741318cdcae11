import CGtk
import GtkKit

/// What the desktop offers around long work, for one window: keeping the session from ending
/// while it runs (the session manager, or the Inhibit portal in the flatpak), and a notification
/// when it is done if the person has turned to another window (the Notification portal in the
/// flatpak, GNOME Shell's or the freedesktop notification service outside).
@MainActor
struct DesktopSession {
    let window: UnsafeMutablePointer<GtkWindow>

    private var application: UnsafeMutablePointer<GtkApplication>? { gtk_window_get_application(window) }

    /// Asks the session not to log out or suspend until `allow(_:)`; returns the ticket
    /// (0 when no session manager answers: nothing to release).
    func preventEnding(because reason: String) -> UInt32 {
        guard let application else { return 0 }
        let flags = GTK_APPLICATION_INHIBIT_LOGOUT.rawValue | GTK_APPLICATION_INHIBIT_SUSPEND.rawValue
        return gtk_application_inhibit(application, window, GtkApplicationInhibitFlags(flags), reason)
    }

    func allowEnding(_ ticket: UInt32) {
        guard ticket != 0, let application else { return }
        gtk_application_uninhibit(application, ticket)
    }

    /// Shows a desktop notification unless this window is the active one (then the person sees
    /// the result in it already). Returns whether one was sent.
    @discardableResult
    func notifyIfAway(id: String, title: String, body: String) -> Bool {
        guard gtk_window_is_active(window) == 0, let application, let notification = g_notification_new(title) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
        g_notification_set_body(notification, body)
        // A click brings the window back (GApplication's activate: present the window).
        g_application_send_notification(application.cast(), id, notification)
        return true
    }
}
