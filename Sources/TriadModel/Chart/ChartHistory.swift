// Undo and redo as UIKit's UndoManager teaches them: the model registers each change as it makes
// it, and the views only ask the model to undo; none of them keeps a history of its own. Where
// UndoManager registers a closure that makes the change the other way, a poll is small enough to
// keep whole: a step holds the poll before and after it.

/// One undoable step: the poll on either side of it, and its name for the Edit menu.
struct ChartStep: Equatable, Sendable {
    var before: Poll
    var after: Poll
    /// "Change Apples to 12", shown after "Undo " or "Redo ".
    var actionName: String
}

/// The undo and redo stacks of one chart.
struct ChartHistory {
    /// The oldest steps are forgotten past this many, as UndoManager's `levelsOfUndo` lets an
    /// app choose. Each step keeps two whole polls, and a chart left open all day, edited now and
    /// then, must not hold every poll it ever showed; nobody undoing by hand goes back further.
    static let limit = 100

    private(set) var undoSteps: [ChartStep] = []
    private(set) var redoSteps: [ChartStep] = []

    /// Changes that read as one step to the person making them.
    enum Merge: Equatable {
        /// A run of steps on one row's votes (key presses, wheel notches), as a text field
        /// merges a run of typing into one undo.
        case adjusting(row: Int)
    }

    /// What the last step may still take in: the same run of steps, or a group still open.
    private var openMerge: Merge?
    private var openGroup: Group?

    /// A group of changes not yet ended: how many `beginGroup` calls its `endGroup` calls have
    /// still to match, and whether it has made its step yet.
    private struct Group {
        var depth: Int
        var hasStep: Bool
    }

    var canUndo: Bool { !undoSteps.isEmpty }
    var canRedo: Bool { !redoSteps.isEmpty }

    /// Registers a change from `before` to `after`. A new change ends what could be redone. It
    /// joins the last step instead of making one when a group is open and already has a step, or
    /// when it continues that step's run (`merge`); a joined step takes the newest name, and
    /// goes when it comes back to where it started.
    mutating func record(from before: Poll, to after: Poll, named actionName: String, merge: Merge? = nil) {
        redoSteps.removeAll()
        let joins = openGroup?.hasStep ?? (merge != nil && merge == openMerge)
        if joins, var last = undoSteps.popLast() {
            last.after = after
            last.actionName = actionName
            if last.before != last.after {
                undoSteps.append(last)
            } else {
                openGroup?.hasStep = false
                openMerge = nil
                return
            }
        } else {
            undoSteps.append(ChartStep(before: before, after: after, actionName: actionName))
            // Steps come one at a time, so one more than the limit is the most there can be.
            if undoSteps.count > Self.limit { undoSteps.removeFirst() }
            openGroup?.hasStep = true
        }
        openMerge = openGroup == nil ? merge : nil
    }

    /// Opens a group: every change until the matching `endGroup` is one step (a bar dragged
    /// from press to release). Groups nest; the outermost one makes the step.
    mutating func beginGroup() {
        if var group = openGroup {
            group.depth += 1
            openGroup = group
        } else {
            openGroup = Group(depth: 1, hasStep: false)
            openMerge = nil
        }
    }

    mutating func endGroup() {
        guard var group = openGroup else { return }
        group.depth -= 1
        openGroup = group.depth > 0 ? group : nil
    }

    /// The step to undo, moved to the redo stack. Ends any open group or run first: what comes
    /// after an undo is a new step.
    mutating func undo() -> ChartStep? {
        closeEverything()
        guard let step = undoSteps.popLast() else { return nil }
        redoSteps.append(step)
        return step
    }

    /// The step to redo, moved back to the undo stack.
    mutating func redo() -> ChartStep? {
        closeEverything()
        guard let step = redoSteps.popLast() else { return nil }
        undoSteps.append(step)
        return step
    }

    private mutating func closeEverything() {
        openGroup = nil
        openMerge = nil
    }
}
