import GtkKit

/// What the desktop offers around long work, for one window: keeping the session from ending
/// while it runs, and a notification when it is done if the person has turned to another window.
@MainActor
struct DesktopSession {
    let window: Window

    /// Asks the session not to log out or suspend until `allowEnding(_:)`; returns the ticket
    /// (0 when no session manager answers: nothing to release).
    func preventEnding(because reason: String) -> UInt32 {
        window.application?.preventEnding(for: window, because: reason) ?? 0
    }

    func allowEnding(_ ticket: UInt32) { window.application?.allowEnding(ticket) }

    /// Shows a desktop notification unless this window is the active one (then the person sees
    /// the result in it already). Returns whether one was sent.
    @discardableResult
    func notifyIfAway(id: String, title: String, body: String) -> Bool {
        guard !window.isActive, let application = window.application else { return false }
        // A click brings the window back (the application's activate: present the window).
        application.sendNotification(id: id, title: title, body: body)
        return true
    }
}
