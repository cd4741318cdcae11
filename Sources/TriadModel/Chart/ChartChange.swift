/// What one change did to the poll, so that each view redraws only what it must: the table one
/// cell, the bar chart one bar, the pie every slice (a share is relative to all votes).
public enum ChartChange: Sendable, Equatable {
    /// The votes of one row.
    case votes(row: Int)
    /// The name of one row.
    case name(row: Int)
    /// A new row, at `row`.
    case added(row: Int)
    /// The row that was at `row` is gone; the rows after it moved up by one.
    case removed(row: Int)
    /// The row at `from` is now at `to`; the rows between moved by one to make room.
    case moved(from: Int, to: Int)
    /// The title.
    case title
    /// Anything may have changed: an undo, a redo, a paste. Show the poll afresh.
    case everything
}

/// What an observer of the chart is told, once per change: the poll as it is now, and what
/// changed in it.
public struct ChartUpdate: Sendable, Equatable {
    /// The poll after the change.
    public let poll: Poll
    /// What changed in it, so that a view can redraw only that.
    public let change: ChartChange
}
