// Skipping a message: the page recomputed as if that message had never come, as Redux's log
// monitor crosses an action out and runs the others again. Each recorded message carries the
// models as it found them, so the change one message made is the step from what it found to what
// the next one found; replaying every step but one, from what the first message found, gives the
// page without it.

extension PageMoment {
    /// Whether this page's models are rebuilt from their messages, so that one can be skipped: the
    /// adder's numbers, the note's text and the chart's poll. The other pages keep only their
    /// last state, and there is nothing to recompute.
    public var replays: Bool {
        switch self {
        case .adder, .note, .chart: true
        default: false
        }
    }

    /// This moment, changed as one message changed `before` into `after`. The adder's `set` and
    /// the note's text replace the whole model; the chart's changes touch one option's name or
    /// votes, so only what changed is set (an option added or removed changes the whole poll).
    func replaying(from before: PageMoment, to after: PageMoment) -> PageMoment {
        guard before != after else { return self }
        guard case .chart(var poll) = self, case .chart(let was) = before, case .chart(let became) = after,
            poll.count == was.count, was.count == became.count, poll.title == was.title
        else { return after }
        for row in poll.options.indices {
            if was.options[row].name != became.options[row].name { poll.options[row].name = became.options[row].name }
            if was.options[row].votes != became.options[row].votes { poll.options[row].votes = became.options[row].votes }
        }
        poll.title = became.title
        return .chart(poll)
    }

    /// The names of the views that show this moment differently from `other`, in the order the
    /// page lays them out: what skipping a message changes on screen.
    public func viewsChanged(from other: PageMoment) -> [String] {
        switch (self, other) {
        case (.adder(let a, let b, _, _), .adder(let c, let d, _, _)):
            let sum = { (x: Int64, y: Int64) in x.addingReportingOverflow(y) }
            return [(a != c, L("First number")), (b != d, L("Second number")), (sum(a, b) != sum(c, d), L("Sum"))]
                .filter(\.0).map(\.1)
        case (.note(let a), .note(let b)):
            return a == b ? [] : [L("Note"), L("Edit Note window")]
        case (.chart(let a), .chart(let b)):
            guard a != b else { return [] }
            return [L("Table"), L("Bar chart")] + (Self.shares(a) == Self.shares(b) ? [] : [L("Pie chart")])
        default:
            return self == other ? [] : [L("Page")]
        }
    }

    /// What the pie shows: each option's name and its share of the votes, as a fraction in
    /// lowest terms (so that doubling every vote leaves the pie as it was).
    private static func shares(_ poll: Poll) -> [String] {
        let total = poll.options.reduce(0) { $0 + $1.votes }
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? max(a, 1) : gcd(b, a % b) }
        return poll.options.map { option in
            let divisor = gcd(option.votes, total)
            return "\(option.name)\u{0}\(option.votes / divisor)/\(total / divisor)"
        }
    }
}

extension TimeTravel {
    /// The page's models as if the message `id` had never come: from what the first recorded
    /// message found, every recorded message's change but that one's, in order. `now` is the
    /// page's models at present (what the last message left); while travelling, the messages
    /// recorded before travel began count, and the present travel found. Nil when the message is
    /// not there or the page's models are not rebuilt from their messages.
    public func skipping(_ id: Int, in messages: [LoggedMessage], now: PageMoment?) -> PageMoment? {
        let recorded = isTravelling ? messages.filter { $0.id <= lastIDBefore } : messages
        guard let now = (isTravelling ? present : now)?.model, now.replays,
            let skipped = recorded.firstIndex(where: { $0.id == id })
        else { return nil }
        // What each message left: what the next one that read the models found, or the present.
        var after = [PageMoment](repeating: now, count: recorded.count)
        var next = now
        for index in recorded.indices.reversed() {
            after[index] = next
            if let found = recorded[index].moment?.model { next = found }
        }
        var state = next  // what the first message that read the models found
        var before = next
        for index in recorded.indices {
            if index != skipped { state = state.replaying(from: before, to: after[index]) }
            before = after[index]
        }
        return state
    }
}
