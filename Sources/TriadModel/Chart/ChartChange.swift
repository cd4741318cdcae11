/// What an observer of the chart is told, once per change: the poll as it is now, and the row the
/// change added, if it added one (the table selects it, so that its name can be typed at once).
/// Every view shows the poll afresh: one change can move every share of the pie.
public struct ChartUpdate: Sendable, Equatable {
    /// The poll after the change.
    public let poll: Poll
    /// The row the change added (Add Option), nil for any other change.
    public let addedRow: Int?
}
