// The chart in the store: its options as rows of `chart_options` (StoreMigrations.swift), in
// order, and its title in `settings`. A poll is written whole, in one transaction, so what is
// stored is always one poll the model showed.

/// Why the stored chart was not used (the first example is shown instead). The page shows the
/// message; the stored rows stay as they are until the next change replaces them.
public enum ChartLoadProblem: Sendable, Equatable {
    /// Fewer rows than a chart needs (but some).
    case tooFewOptions(count: Int)
    /// More rows than a chart holds.
    case tooManyOptions
    /// Row `position` (counted from 0) breaks a rule: a name or a count no chart can have.
    case badRow(position: Int)
    /// The title is missing or breaks a rule.
    case badTitle
    /// The rows could not be read at all.
    case unreadable

    /// A plain sentence for the window: what was wrong with the stored chart, and what is shown instead.
    public var message: String {
        let why =
            switch self {
            case .tooFewOptions(let count):
                LN("It held {count} option.", "It held {count} options.", count).filling(["count": String(count)])
            case .tooManyOptions: L("It held more than {maximum} options.").filling(["maximum": String(Poll.maximumOptions)])
            case .badRow(let position):
                L("Its option {number} had a name or a number of votes that a chart cannot have.").filling(["number": String(position + 1)])
            case .badTitle: L("Its title was missing or damaged.")
            case .unreadable: L("It could not be read.")
            }
        return L("The stored chart could not be used, so the first example is shown. {reason}").filling(["reason": why])
    }
}

enum ChartStorage {
    /// The setting that holds the title.
    static let titleKey = "chart.title"

    enum Loaded: Equatable {
        case nothing
        case poll(Poll)
        case damaged(ChartLoadProblem)
    }

    /// The stored poll, if there is one and it keeps every rule.
    static func load(from database: Database) -> Loaded {
        let rows: [[SQLValue]]
        let title: SQLValue?
        do {
            // One row more than a chart holds is enough to know there are too many: a planted
            // million is not read.
            rows = try database.rows(
                "SELECT name, votes FROM chart_options ORDER BY position LIMIT ?",
                [.integer(Int64(Poll.maximumOptions + 1))])
            title = try database.scalar("SELECT value FROM settings WHERE key = ?", [.text(titleKey)])
        } catch {
            return .damaged(.unreadable)
        }
        guard !rows.isEmpty else { return .nothing }
        guard rows.count <= Poll.maximumOptions else { return .damaged(.tooManyOptions) }
        guard rows.count >= Poll.minimumOptions else { return .damaged(.tooFewOptions(count: rows.count)) }
        var options: [PollOption] = []
        for (position, row) in rows.enumerated() {
            guard row.count == 2, let name = row[0].text, let votes = row[1].integer,
                let stored = Int(exactly: votes)
            else { return .damaged(.badRow(position: position)) }
            options.append(PollOption(name, stored))
        }
        guard let title = title?.text else { return .damaged(.badTitle) }
        do {
            return .poll(try Poll(title: title, options: options))
        } catch {
            switch error {
            case .titleMissing, .titleTooLong, .titleHasControlCharacters: return .damaged(.badTitle)
            default: return .damaged(.badRow(position: error.row ?? 0))
            }
        }
    }

    /// Replaces what is stored with `poll`, inside the caller's transaction (a WriteQueue write).
    static func store(_ poll: Poll, in database: Database) throws {
        try database.execute("DELETE FROM chart_options")
        for (position, option) in poll.options.enumerated() {
            try database.execute(
                "INSERT INTO chart_options (position, name, votes) VALUES (?, ?, ?)",
                [.integer(Int64(position)), .text(option.name), .integer(Int64(option.votes))])
        }
        try Store.setSetting(titleKey, poll.title, in: database)
    }
}
