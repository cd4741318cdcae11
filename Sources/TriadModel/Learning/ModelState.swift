/// What each page's model holds, as the Messages pane's State tab lists it: one line per value,
/// named as the code names it, the value written as Swift would write it (text in quotes).
/// The pane asks while it records, right as each message is sent; nothing here runs otherwise.
@MainActor
public enum ModelState {
    /// The adder's two numbers and their sum (or why there is none).
    public static func adder(_ model: any AdderModelProtocol) -> [StateEntry] {
        let sum: String
        do {
            sum = String(try model.total())
        } catch {
            sum = error.message
        }
        return [
            StateEntry("model.first", String(model.first)), StateEntry("model.second", String(model.second)),
            StateEntry("model.total()", sum),
        ]
    }

    /// The address the page's controller holds (its `didSet` updates the view).
    public static func address(_ address: Address?) -> [StateEntry] {
        guard let address else { return [StateEntry("address", "nil")] }
        return [
            StateEntry("address.street", quoted(address.street)), StateEntry("address.city", quoted(address.city)),
            StateEntry("address.state", quoted(address.state)), StateEntry("address.postalCode", quoted(address.postalCode)),
        ]
    }

    /// The accounts' names and each name's failed log-ins and lock. Never a password or its hash:
    /// the query does not read them.
    public static func accounts(in store: Store, now: Int64) -> [StateEntry] {
        let database = store.database
        let names = (try? database.rows("SELECT display_name FROM accounts ORDER BY name_key LIMIT ?", [.integer(Int64(listed))])) ?? []
        let count = (try? database.scalar("SELECT count(*) FROM accounts"))??.integer ?? 0
        var entries = [StateEntry("accounts.count", String(count))]
        entries += names.enumerated().map { StateEntry("accounts[\($0.offset)].name", quoted($0.element[0].text ?? "")) }
        let failures =
            (try? database.rows(
                "SELECT name_key, failures, locked_until FROM login_failures ORDER BY name_key LIMIT ?",
                [.integer(Int64(listed))])) ?? []
        for row in failures {
            let failed = row[1].integer ?? 0
            let lockedFor = max(0, (row[2].integer ?? 0) - now)
            let value =
                lockedFor > 0
                ? L("{count} failed, locked for {seconds} s").filling(["count": String(failed), "seconds": String(lockedFor)])
                : L("{count} failed").filling(["count": String(failed)])
            entries.append(StateEntry("failures[\(quoted(row[0].text ?? ""))]", value))
        }
        return entries
    }

    /// What the user list was last asked for, and what its view was last told.
    public static func users(query: String, count: Int?, loading: Bool) -> [StateEntry] {
        [
            StateEntry("query", quoted(query)), StateEntry("users.count", count.map(formattedCount) ?? "nil"),
            StateEntry("loading", String(loading)),
        ]
    }

    /// The shared note: its text (the start of a long one) and whether it is stored.
    public static func note(_ model: NoteModel) -> [StateEntry] {
        [
            StateEntry("model.text", quotedPreview(model.text)),
            StateEntry("model.hasUnsavedChanges", String(model.hasUnsavedChanges)),
        ]
    }

    /// The chart: its title, each option's votes and whole-percent share, on a line named by the
    /// option's name (so a row that moves keeps its line), and how many steps undo and redo hold.
    public static func chart(_ model: ChartModel) -> [StateEntry] {
        let poll = model.poll
        var entries = [StateEntry("model.poll.title", quoted(poll.title))]
        for (option, percent) in zip(poll.options, poll.percentages) {
            let value = L("{votes} ({percent} %)").filling(["votes": formattedCount(option.votes), "percent": String(percent)])
            entries.append(StateEntry(quoted(option.name), value))
        }
        return entries + [StateEntry("model.undoCount", String(model.undoCount)), StateEntry("model.redoCount", String(model.redoCount))]
    }

    /// The state after a message against the state before it: each value after, with the one
    /// before where it changed (a value that was not there before was "nil"). Without a state
    /// before, nothing is marked as changed.
    nonisolated public static func changes(before: [StateEntry]?, after: [StateEntry]) -> [StateChange] {
        let old = before.map { Dictionary($0.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }) }
        return after.map { entry in
            guard let old, old[entry.name] != entry.value else { return StateChange(name: entry.name, value: entry.value, before: nil) }
            return StateChange(name: entry.name, value: entry.value, before: old[entry.name] ?? "nil")
        }
    }

    /// The start of a text, as a Swift literal: how a message shows the text it carries.
    nonisolated public static func quotedPreview(_ text: String) -> String { quoted(NoteModel.preview(text, limit: textLimit)) }

    /// The longest list of names shown, and the longest text.
    nonisolated static let listed = 8
    nonisolated static let textLimit = 60

    /// `text` as a Swift string literal: in quotes, with quotes, backslashes and line breaks escaped.
    nonisolated static func quoted(_ text: String) -> String {
        var literal = "\""
        for character in text {
            switch character {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            default: literal.append(character)
            }
        }
        return literal + "\""
    }
}

/// One line of the State tab: a value after a message, and the value before it if it changed.
public struct StateChange: Equatable, Sendable {
    /// The property's path in the model: `adder.first`.
    public let name: String
    /// Its value after the message.
    public let value: String
    /// The value before the message, when the message changed it.
    public let before: String?
    /// Whether the message changed this value, which the State tab marks.
    public var changed: Bool { before != nil }
}
