// Travel through the recorded messages: the page's models set back to what they held right after
// one message, and every view following them as it follows any change. UI-free; the Messages
// pane's travel controls drive it (Sources/Triad/Messages/Travel/).
//
// Why it can work at all: each lesson's views are drawn from its models. Put the models back and
// the views come back with them, none told separately. What this part keeps is the bookkeeping:
// which message the page was taken to, what the present was (to come back to it exactly), which
// rows a change made in the past drops, and the store's writes held meanwhile, so that looking at
// the past never writes it (WriteQueue's `hold`).

/// A page's models at one moment, in a form they can be set back to: what travel puts back.
public enum PageMoment: Equatable, Sendable {
    /// The adder's model: its two numbers. `typed` is what the fields held, and `shownError` the
    /// error shown for a field's text (the model kept its numbers), both kept for the present
    /// only (a recorded moment has neither): coming back puts the fields and the error back as
    /// they were.
    case adder(first: Int64, second: Int64, typed: [String]?, shownError: AdderError? = nil)
    /// The address the form's controller holds (nil before the first save). `typed` is what the
    /// form's fields held, kept for the present only.
    case address(Address?, typed: AddressForm?)
    /// The shared note's text.
    case note(String)
    /// The chart's poll.
    case chart(Poll)
    /// The users list's search: the list follows the query.
    case users(query: String)
    /// The login form's state, never a password and never the accounts: the name in its field.
    case login(name: String)

    /// The same moment without what only the present keeps (the fields' texts): what a change is
    /// told by.
    public var model: PageMoment {
        switch self {
        case .adder(let first, let second, _, _): .adder(first: first, second: second, typed: nil)
        case .address(let address, _): .address(address, typed: nil)
        default: self
        }
    }

    /// The chart's update that shows `poll` to every view of it, as a change of the model would.
    @MainActor public static func chartUpdate(showing poll: Poll) -> ChartUpdate { ChartUpdate(poll: poll, addedRow: nil) }
}

/// Where the page is in time: in the present, or at the moment right after one recorded message.
/// The messages stay as they were recorded; the point is a message's id, so that it stays put as
/// the oldest rows go.
@MainActor
public final class TimeTravel {
    /// The message travelled to (its id); nil in the present.
    public private(set) var pointID: Int?
    /// The page travelled on (its name in the window).
    public private(set) var page: String?
    /// The page's models as they were when travel began, with what its fields held: what
    /// "Back to now" puts back.
    public private(set) var present: PageMoment?
    /// The last message recorded before travel began: messages after it were made in the past.
    public private(set) var lastIDBefore = 0
    /// The message skipped (its id), while the page shows what it would be without it
    /// (MessageSkip.swift); nil otherwise.
    public private(set) var skippedID: Int?
    /// What the page shows while a message is skipped: an alternative present.
    public private(set) var alternative: PageMoment?
    /// The models right after the last message, when that is not the present: an opened
    /// session's ending.
    public var ending: PageMoment?

    /// In the present.
    public init() {}

    /// Whether the page is in the past now.
    public var isTravelling: Bool { pointID != nil }

    /// The moment right after the message `id`, while travelling: what the next message recorded
    /// before travel began found, or the present. (Messages recorded since, in the past, found
    /// the page as travel and the learner left it.)
    public func moment(after id: Int, in messages: [LoggedMessage]) -> PageMoment? {
        guard messages.index(ofID: id) != nil else { return nil }
        for index in messages.indices {
            let nextID = messages[index].id
            if nextID > id && nextID <= lastIDBefore, let moment = messages[index].moment { return moment.model }
        }
        return (ending ?? present)?.model
    }

    /// Travel begins at message `id` on `page`, whose models and fields now are `present`;
    /// `lastID` is the newest message's id.
    public func begin(at id: Int, page: String, present: PageMoment, lastID: Int) {
        pointID = id
        self.page = page
        self.present = present
        lastIDBefore = lastID
    }

    /// Goes on to message `id`.
    public func move(to id: Int) {
        guard isTravelling else { return }
        pointID = id
        skippedID = nil
        alternative = nil
    }

    /// Shows the page without the message `id`, as `moment`: after every recorded row, none
    /// dimmed. Travel must have begun.
    public func skip(_ id: Int, showing moment: PageMoment) {
        guard isTravelling else { return }
        pointID = lastIDBefore
        skippedID = id
        alternative = moment
    }

    /// What the page shows now: the alternative while a message is skipped, or the moment
    /// right after the message travelled to.
    public func shown(in messages: [LoggedMessage]) -> PageMoment? {
        if let alternative { return alternative }
        return pointID.flatMap { moment(after: $0, in: messages) }
    }

    /// Back to now: travel ends, and the answer is the present to put back.
    @discardableResult
    public func end() -> PageMoment? {
        let present = self.present
        pointID = nil
        page = nil
        self.present = nil
        lastIDBefore = 0
        skippedID = nil
        alternative = nil
        ending = nil
        return present
    }

    /// Whether the message `message` comes after the point and was recorded before travel
    /// began: a row shown dimmed, and dropped when a change starts a new present.
    public func isLater(_ message: LoggedMessage) -> Bool { isLater(id: message.id) }

    /// Whether the message whose id is `id` is a row after the point (`isLater`).
    public func isLater(id: Int) -> Bool {
        guard let pointID else { return false }
        return id > pointID && id <= lastIDBefore
    }

    /// How many rows a change made now would drop.
    public func laterCount(in messages: [LoggedMessage]) -> Int {
        var count = 0
        for index in messages.indices where isLater(id: messages[index].id) { count += 1 }
        return count
    }

    /// Whether the page's models, read now as `now`, differ from the moment travelled to: the
    /// learner changed something in the past.
    public func changedInPast(now: PageMoment?, messages: [LoggedMessage]) -> Bool {
        guard let now, let then = shown(in: messages) else { return false }
        return now.model != then.model
    }

    /// A change made in the past starts a new present, as an edit after an undo ends what could
    /// be redone: the later rows go from `log`, and travel ends where the page is now.
    public func startNewPresent(in log: MessageLog) {
        guard isTravelling else { return }
        let later = Set(log.messages.filter { isLater($0) }.map(\.id))
        log.dropMessages { later.contains($0.id) }
        end()
    }
}

extension [LoggedMessage] {
    /// The place of the message whose id is `id`. Each row's id is read where it lies: the
    /// algorithms that hand each element to a closure (`firstIndex(where:)`, `filter`) copy the
    /// whole message first, retaining and releasing its text, state and moment, and a jump through
    /// a long log made many such passes.
    public func index(ofID id: Int) -> Int? {
        for index in indices where self[index].id == id { return index }
        return nil
    }
}
