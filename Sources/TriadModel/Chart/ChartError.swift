/// A column of the chart's table: where a refusal's message is shown.
public enum ChartColumn: Sendable, Equatable {
    /// The poll's title, an option's name, or its votes.
    case title, name, votes
}

/// Why the model refused a change. Nothing is changed by a refused change. Each case has its own
/// message, and says the row and column it belongs to, so the table can show it at the field.
public enum ChartError: Error, Sendable, Equatable {
    /// Row `row`'s votes are empty.
    case votesMissing(row: Int)
    /// Row `row`'s votes are not a whole number.
    case votesNotAWholeNumber(row: Int)
    /// Row `row`'s votes are below zero.
    case votesNegative(row: Int)
    /// Row `row`'s votes are above ``Poll/maximumVotes``.
    case votesTooMany(row: Int)
    /// Row `row`'s name is empty.
    case nameMissing(row: Int)
    /// Row `row`'s name is longer than ``PollRules/maximumNameLength``.
    case nameTooLong(row: Int)
    /// Row `row`'s name holds a tab, a line break or another control character.
    case nameHasControlCharacters(row: Int)
    /// The name is `by`'s, the option that already has it (as that option writes it).
    case nameTaken(row: Int, by: String)
    /// The title is empty.
    case titleMissing
    /// The title is longer than ``PollRules/maximumTitleLength``.
    case titleTooLong
    /// The title holds a tab, a line break or another control character.
    case titleHasControlCharacters
    /// A row the chart does not have (a view asking about a row it no longer shows).
    case noSuchOption(row: Int)
    /// Removing `row` would leave fewer than two options; nil when a whole set was too small.
    case tooFewOptions(row: Int?)
    /// Adding would make more than twelve.
    case tooManyOptions
    /// The pasted text held no line with anything on it.
    case nothingPasted
    /// `lines` lines do not fit beside the `existing` options.
    case tooManyPastedLines(lines: Int, existing: Int)
    /// Line `line` of a paste (counted from 1, blank lines included) broke a rule.
    indirect case pastedLine(line: Int, ChartError)

    /// The row of the table the message belongs to, if one (a pasted line's row is not in the
    /// table yet: its message names the line instead).
    public var row: Int? {
        switch self {
        case .votesMissing(let row), .votesNotAWholeNumber(let row), .votesNegative(let row), .votesTooMany(let row),
            .nameMissing(let row), .nameTooLong(let row), .nameHasControlCharacters(let row), .nameTaken(let row, _),
            .noSuchOption(let row):
            row
        case .tooFewOptions(let row): row
        case .titleMissing, .titleTooLong, .titleHasControlCharacters, .tooManyOptions, .nothingPasted, .tooManyPastedLines,
            .pastedLine:
            nil
        }
    }

    /// The column the message belongs to, if one.
    public var column: ChartColumn? {
        switch self {
        case .votesMissing, .votesNotAWholeNumber, .votesNegative, .votesTooMany: .votes
        case .nameMissing, .nameTooLong, .nameHasControlCharacters, .nameTaken: .name
        case .titleMissing, .titleTooLong, .titleHasControlCharacters: .title
        case .pastedLine(_, let problem): problem.column
        case .noSuchOption, .tooFewOptions, .tooManyOptions, .nothingPasted, .tooManyPastedLines: nil
        }
    }

    /// The pasted line the message belongs to (counted from 1), if one.
    public var line: Int? {
        if case .pastedLine(let line, _) = self { line } else { nil }
    }

    /// A plain sentence for the window.
    public var message: String {
        switch self {
        case .votesMissing: L("Enter the number of votes")
        case .votesNotAWholeNumber: L("Enter the votes as a whole number, such as 12")
        case .votesNegative: L("The number of votes cannot be negative")
        case .votesTooMany: L("The number of votes can be at most {maximum}").filling(["maximum": formattedCount(Poll.maximumVotes)])
        case .nameMissing: L("Enter a name for the option")
        case .nameTooLong: L("A name can be at most {maximum} characters").filling(["maximum": String(PollRules.maximumNameLength)])
        case .nameHasControlCharacters: L("A name cannot hold tabs, line breaks or other control characters")
        case .nameTaken(_, let other): L("Another option is already called “{name}”").filling(["name": other])
        case .titleMissing: L("Enter a title for the chart")
        case .titleTooLong: L("A title can be at most {maximum} characters").filling(["maximum": String(PollRules.maximumTitleLength)])
        case .titleHasControlCharacters: L("A title cannot hold tabs, line breaks or other control characters")
        case .noSuchOption: L("That option is no longer in the chart")
        case .tooFewOptions: L("A chart needs at least {minimum} options").filling(["minimum": String(Poll.minimumOptions)])
        case .tooManyOptions: L("A chart holds at most {maximum} options").filling(["maximum": String(Poll.maximumOptions)])
        case .nothingPasted: L("The pasted text has no options in it: put one option on each line, as “name, votes”")
        case .tooManyPastedLines(let lines, let existing):
            LN(
                "You pasted {count} line, but a chart holds at most {maximum} options and this one has {existing} already",
                "You pasted {count} lines, but a chart holds at most {maximum} options and this one has {existing} already", lines
            )
            .filling(["count": formattedCount(lines), "maximum": String(Poll.maximumOptions), "existing": String(existing)])
        case .pastedLine(let line, let problem):
            // The line first: a problem's message may quote a name that holds "{line}".
            L("Line {line}: {problem}").filling(["line": formattedCount(line)]).filling(["problem": problem.message])
        }
    }
}
