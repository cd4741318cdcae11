// Seed 002 opens with why MVC separates the model from the view: one program can show "a batch of
// statistics" as a bar chart or as a pie chart. The Chart lesson's model is that batch: a poll,
// a title and a few named options with their votes, a plain value that knows nothing of how it is
// drawn. `ChartModel` (ChartModel.swift) owns one and is the only way to change it.

/// One answer of a poll and the votes it got.
public struct PollOption: Equatable, Sendable {
    /// The answer, as it is shown (trimmed).
    public var name: String
    /// The votes it got, from 0 to ``Poll/maximumVotes``.
    public var votes: Int

    /// The option `name` with `votes` votes, taken as they are (``Poll``'s `init` checks them).
    public init(_ name: String, _ votes: Int) {
        self.name = name
        self.votes = votes
    }
}

/// A poll: a title and 2 to 12 options, each named uniquely (ignoring case) and with 0 to
/// `Int32.max` votes. A `Poll` can only be made valid: `init` checks every rule
/// (PollRules.swift); the model changes one in place only after checking the change.
public struct Poll: Equatable, Sendable {
    /// The poll's title.
    public internal(set) var title: String
    /// The options, in the order the chart shows them.
    public internal(set) var options: [PollOption]

    /// Fewer than two options is not a comparison; more than twelve no longer reads as a pie
    /// (slices too thin to tell apart, a legend longer than the chart).
    public static let minimumOptions = 2
    /// The most options a poll may have.
    public static let maximumOptions = 12
    /// Votes are stored as they would be by a program with 32-bit counters: the largest count
    /// any view has to lay out, and a total of twelve of them still fits in an `Int`.
    public static let maximumVotes = Int(Int32.max)

    /// Checks every rule, in the order a person reads the table: the title, then each row's name
    /// and votes, then the number of rows. Names are stored trimmed.
    public init(title: String, options: [PollOption]) throws(ChartError) {
        self.title = try PollRules.title(title)
        guard options.count <= Self.maximumOptions else { throw .tooManyOptions }
        var checked: [PollOption] = []
        for (row, option) in options.enumerated() {
            let name = try PollRules.name(option.name, row: row, among: checked, replacing: nil)
            checked.append(PollOption(name, try PollRules.votes(option.votes, row: row)))
        }
        guard checked.count >= Self.minimumOptions else { throw .tooFewOptions(row: nil) }
        self.options = checked
    }

    /// A poll known to be valid (the example), made without checking.
    init(unchecked title: String, _ options: [PollOption]) {
        self.title = title
        self.options = options
    }

    /// What a new chart starts with, and what a damaged store is replaced by.
    public static var example: Poll {
        Poll(
            unchecked: L("Favourite fruit"),
            [
                PollOption(L("Apples"), 12), PollOption(L("Pears"), 7), PollOption(L("Plums"), 5),
                PollOption(L("Cherries"), 9), PollOption(L("Figs"), 3),
            ])
    }

    /// The number of options.
    public var count: Int { options.count }

    /// All votes together (at most twelve times `Int32.max`, which an `Int` holds).
    public var totalVotes: Int { options.reduce(0) { $0 + $1.votes } }

    /// The largest count, for a bar chart's scale (0 when nobody voted).
    public var largestVotes: Int { options.map(\.votes).max() ?? 0 }

    /// Each option's share of all votes, for the pie's slices: they add up to 1 (within
    /// rounding) when anybody voted, and are all 0 when nobody did.
    public var fractions: [Double] { PollShares.fractions(options.map(\.votes)) }

    /// Each option's share in whole percent, for labels: they add up to exactly 100 when anybody
    /// voted (PollShares.swift), and are all 0 when nobody did.
    public var percentages: [Int] { PollShares.percentages(options.map(\.votes)) }

    /// The row of the option called `name`, compared as names are (trimmed, ignoring case).
    public func row(named name: String) -> Int? {
        let key = PollRules.key(name)
        return options.firstIndex { PollRules.key($0.name) == key }
    }
}
