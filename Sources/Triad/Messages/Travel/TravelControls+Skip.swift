import GtkKit
import TriadModel

// Skip: the page recomputed as if the selected message had never come (TimeTravel's `skipping`,
// MessageSkip.swift), shown as travel shows a moment: the page is then in an alternative present
// until Back to Now, nothing is stored meanwhile, and the pane names the views that changed.

extension TravelControls {
    var skipButton: Button { view.detail("skip_button") }

    /// Skip pressed: the page shown without the selected message.
    func skipSelected() {
        guard let index = view.selectedIndex, MessageLog.shared.messages.indices.contains(index) else { return }
        go(to: index, skipping: true)
    }

    /// Travel has reached the message `id`; for a skip, the page is set to what it would be
    /// without it, and the pane says which views that changes.
    func arrive(at id: Int, skipping: Bool) {
        let messages = MessageLog.shared.messages
        if skipping, let moment = travel.skipping(id, in: messages, now: nil), let present = travel.present?.model {
            travel.skip(id, showing: moment)
            let changed = moment.viewsChanged(from: present)
            notice =
                changed.isEmpty
                ? L("Skipping this message changes nothing the page shows.")
                : L("Skipping this message changes: {views}.").filling(["views": changed.joined(separator: L(", "))])
        }
        apply()
    }

    /// The rows as the list shows them: the skipped one says so in its text, which a screen
    /// reader reads, beside being dimmed.
    func marked(_ messages: [LoggedMessage]) -> [LoggedMessage] {
        guard let id = travel.skippedID, let index = messages.firstIndex(where: { $0.id == id }) else { return messages }
        var marked = messages
        marked[index].text = L("{message} (skipped)").filling(["message": marked[index].text])
        return marked
    }

    /// Skip acts on a selected row of a page whose models are rebuilt from their messages; on
    /// another page it says why it cannot.
    func updateSkip(canMove: Bool) {
        let button = skipButton
        let replays = shownPage.map { shown in
            pages.map { pages in MessageLog.shared.readingState { shown.page.moment(services: pages.services)?.replays ?? false } } ?? false
        }
        let why: String =
            switch replays {
            case nil: L("This page's models are not set back in time: there is nothing to recompute.")
            case false?: L("This page's model keeps only its last state: there is nothing to recompute.")
            case true?: L("Show the page as if the selected message had never come")
            }
        button.isSensitive = canMove && replays == true && view.selectedIndex != nil
        button.tooltip = why
        button.accessibleDescription = why
    }
}
