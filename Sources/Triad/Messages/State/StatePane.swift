import GtkKit
import TriadModel

/// The State tab: what the model held right after the selected message, and what the message
/// changed (in bold, with the value before), as Redux DevTools shows the state after each action.
/// Each message carries the state found as it was sent, so the state after a message is the one
/// the next message found, or the model as it is now for the latest.
@MainActor
final class StatePane: LearningTool {
    private let store: ListStore
    private let hint: Label

    init(view: MessagesView) {
        store = view.detail("state_store")
        hint = view.detail("state_hint")
    }

    /// Shows the state after `messages[index]`; `now` is the model's state now.
    func show(_ index: Int?, of messages: [LoggedMessage], now: @autoclosure () -> [StateEntry]) {
        store.clear()
        guard let index, messages.indices.contains(index) else {
            hint.text = L("Select a message to see what the model held right after it; what it changed is in bold.")
            return
        }
        guard messages[index].state != nil else {
            hint.text = L("This message leaves the model as it was: a table asking for rows changes nothing.")
            return
        }
        let after = messages[(index + 1)...].first { $0.state != nil }?.state ?? now()
        let changes = ModelState.changes(before: messages[index].state, after: after)
        for change in changes {
            // The last column is the row's font weight: bold (700) for what changed, else normal (400).
            store.append([.text(change.name), .text(change.value), .text(change.before ?? ""), .number(change.changed ? 700 : 400)])
        }
        let changed = changes.filter(\.changed).count
        hint.text =
            changed == 0
            ? L("This message changed nothing in the model.")
            : LN("It changed {count} value, in bold.", "It changed {count} values, in bold.", changed)
                .filling(["count": String(changed)])
    }
}
