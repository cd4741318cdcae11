import GtkKit
import TriadModel

// An opened session is travelled through as a recording is: its messages take the recording's
// place in the pane, the page is taken to the moment after its last message, and the store is
// held as travel holds it. The rows recorded before are kept aside, and come back with the
// present when Back to Now (or leaving the page, or closing the pane) ends the session.

/// A session opened from a file, and the recording it stands in for meanwhile.
struct OpenedSession {
    /// The file's name, as the pane names the session.
    let fileName: String
    let session: MessageSession
    /// The rows recorded before it was opened.
    let recorded: [LoggedMessage]
}

extension TravelControls {
    /// Shows `session` (from the file `fileName`) in the pane, the shown page taken to the moment
    /// after its last message; nil, or why it cannot be.
    func open(_ session: MessageSession, fileName: String) -> String? {
        guard let pages, let page = pages.page(named: session.page) as? TravelsInTime, page.travels,
            pages.shownPage == session.page
        else { return L("This session was recorded on a page whose models do not travel: it cannot be opened.") }
        guard !session.messages.isEmpty else { return L("The session holds no messages.") }
        backToNow()
        guard !travel.isTravelling, !asking, openedSession == nil else {
            return L("The page is still in the past: answer its question first, then open the session.")
        }
        let recorded = MessageLog.shared.swapMessages(session.loggedMessages)
        openedSession = OpenedSession(fileName: fileName, session: session, recorded: recorded)
        travel.ending = session.ending
        notice = nil
        go(to: session.messages.count - 1)
        moved?()
        return nil
    }

    /// The session leaves the pane, and the recording comes back (the page is already in the
    /// present).
    func closeSession() {
        guard let opened = openedSession else { return }
        openedSession = nil
        travel.ending = nil
        _ = MessageLog.shared.swapMessages(opened.recorded)
        sessionClosed?()
    }

    /// A change made while a session is open is not kept: the session is a record of a past
    /// that is not this store's, so no new present starts from it. The page goes back to the
    /// moment, and the change's messages go.
    func keepSessionsPast() {
        let since = travel.lastIDBefore
        MessageLog.shared.dropMessages { $0.id > since }
        MessageLog.shared.startNewRows()
        notice = L("A session is open: changes are not kept in it. Choose Back to Now to change the page.")
        apply()
    }
}
