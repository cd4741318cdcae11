import GtkKit
import TriadModel

// A change made in the past starts a new present, as an edit after an undo ends what could be
// redone: the learner is asked first, with the number of rows that will go.

extension TravelControls {
    /// New messages came: if the page's models differ from the moment travelled to, the learner
    /// changed something in the past.
    func messagesCame() {
        guard travel.isTravelling, !asking, let pages, let page = travelledPage else { return }
        let now = MessageLog.shared.readingState { page.moment(services: pages.services) }
        guard travel.changedInPast(now: now, messages: MessageLog.shared.messages) else { return }
        if openedSession != nil { keepSessionsPast() } else { askForNewPresent(then: nil) }
    }

    /// A stand-in was asked for a change in the past: `change` makes it, if the learner agrees
    /// to a new present.
    func changeInPast(_ change: @escaping @MainActor () -> Void) {
        guard travel.isTravelling else { return change() }
        if openedSession != nil { keepSessionsPast() } else { askForNewPresent(then: change) }
    }

    private func askForNewPresent(then change: (@MainActor () -> Void)?) {
        guard !asking else { return }
        asking = true
        let later = travel.laterCount(in: MessageLog.shared.messages)
        ask(
            over: view.root, title: L("Start a New Present?"),
            detail: LN(
                "You changed the page in the past. {count} later message will be dropped, and the page's change stored.",
                "You changed the page in the past. {count} later messages will be dropped, and the page's change stored.", later
            ).filling(["count": formattedCount(later)]),
            choices: [
                DialogChoice(L("_Keep the Past"), response: .cancel),
                DialogChoice(L("_Drop Later Messages"), response: .accept, style: .destructive),
            ],
            defaultResponse: .cancel, accessibleName: L("Start a new present")
        ) { [weak self] response in self?.answered(newPresent: response == .accept, change: change) }
    }

    private func answered(newPresent: Bool, change: (@MainActor () -> Void)?) {
        asking = false
        guard travel.isTravelling, let pages else { return }
        if newPresent {
            travel.startNewPresent(in: MessageLog.shared)
            change?()
            pages.services.store.writes.release()
            notice = L("A new present: the later messages were dropped, and the page stores its change.")
            moved?()
        } else {
            // The change is taken back: the page returns to the moment, and its messages go.
            let since = travel.lastIDBefore
            MessageLog.shared.dropMessages { $0.id > since }
            MessageLog.shared.startNewRows()
            apply()
        }
    }
}
