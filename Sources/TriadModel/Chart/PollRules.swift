/// The rules a poll's title, names and votes follow, each refusal with its own error. Public so a
/// view may check a field as it is typed; the model checks every change with these same rules.
public enum PollRules {
    /// Long enough for "Blackcurrants and redcurrants"; short enough for a legend beside a pie.
    public static let maximumNameLength = 40
    /// The most characters a title may have.
    public static let maximumTitleLength = 80

    /// The name as it is kept (trimmed), or why it cannot be the name of row `row`: empty, too
    /// long, holding a control character or line break, or the name of another option in
    /// `options` (trimmed and ignoring case, Unicode-aware: "ÄPFEL" is "äpfel", "ｆｉｇｓ" is
    /// "Figs"). `replacing` is the row being renamed, whose own name does not count.
    public static func name(_ text: String, row: Int, among options: [PollOption], replacing: Int?) throws(ChartError) -> String {
        let name = text.trimmingWhitespace
        guard !name.isEmpty else { throw .nameMissing(row: row) }
        guard !hasBreakingCharacters(name) else { throw .nameHasControlCharacters(row: row) }
        guard name.count <= maximumNameLength else { throw .nameTooLong(row: row) }
        let key = self.key(name)
        for (index, option) in options.enumerated() where index != replacing && self.key(option.name) == key {
            throw .nameTaken(row: row, by: option.name)
        }
        return name
    }

    /// The title as it is kept (trimmed), or why it cannot be one.
    public static func title(_ text: String) throws(ChartError) -> String {
        let title = text.trimmingWhitespace
        guard !title.isEmpty else { throw .titleMissing }
        guard !hasBreakingCharacters(title) else { throw .titleHasControlCharacters }
        guard title.count <= maximumTitleLength else { throw .titleTooLong }
        return title
    }

    /// Votes as a person types them (`WholeNumber.parse`: signs, full-width digits, spaces
    /// around), or which of the four ways the text is not a count of votes.
    public static func votes(typed text: String, row: Int) throws(ChartError) -> Int {
        switch WholeNumber.parse(text) {
        case .success(let value):
            return try votes(Int(value), row: row)
        case .failure(.empty):
            throw .votesMissing(row: row)
        case .failure(.notAWholeNumber):
            throw .votesNotAWholeNumber(row: row)
        case .failure(.outOfRange):
            // Past Int64 either way: which way is the sign's to say.
            throw startsWithMinus(text) ? .votesNegative(row: row) : .votesTooMany(row: row)
        }
    }

    /// A number of votes, or why it cannot be one.
    public static func votes(_ value: Int, row: Int) throws(ChartError) -> Int {
        guard value >= 0 else { throw .votesNegative(row: row) }
        guard value <= Poll.maximumVotes else { throw .votesTooMany(row: row) }
        return value
    }

    /// A number of votes brought into range, for gestures that cannot be wrong, only go too far:
    /// a bar dragged past the axis, a key held down at the top.
    public static func clamped(_ value: Int) -> Int { min(max(value, 0), Poll.maximumVotes) }

    /// What two names are compared by: the user names' key (NFKC, case folded, trimmed), so one
    /// rule of "the same name" holds across the app.
    static func key(_ name: String) -> String { UserName.key(name) }

    /// Control characters, and the Unicode line and paragraph separators, which would break a
    /// label or a pasted line in two.
    private static func hasBreakingCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
    }

    private static func startsWithMinus(_ text: String) -> Bool {
        let first = text.unicodeScalars.first { !$0.properties.isWhitespace }
        return first == "-" || first == "\u{FF0D}" || first == "\u{2212}"
    }
}
