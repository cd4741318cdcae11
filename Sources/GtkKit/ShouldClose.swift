// Answering "may the window close?" when something must be stored first.

/// Answers a *should close* question from work that must end well before the window closes (the
/// last edits stored), when that work may end before it returns or after.
///
/// The question wants its answer as it returns: GTK's `delete-event` handler returns at once, and
/// a page's `windowShouldClose(proceed:)` with it. A save through a write queue, though, answers
/// before the call that starts it returns when it has nothing to write, or runs on the caller's
/// connection, and later when a writer thread runs it. Calling `proceed` from an answer that came
/// before the return would close the window from inside its own `delete-event` (every page asked
/// again before the first question is answered); answering "not yet" and waiting for an answer
/// that has come already would leave the window open for good. So this notes which came first:
/// work that has ended answers the question (true: close now), and work still running answers
/// false and calls `proceed` when it ends. Work that fails calls neither: the window stays open,
/// and the page says why.
///
/// - Parameters:
///   - work: starts the work, and calls its argument once, with nil when it ended well or the error.
///   - proceed: asks the question again, for work that ended after the question returned.
/// - Returns: whether the window may close now.
@MainActor
public func closeNowOrLater<Failure: Error>(
    after work: (_ done: @escaping @MainActor (Failure?) -> Void) -> Void,
    proceed: @escaping @MainActor () -> Void
) -> Bool {
    let answer = CloseAnswer()
    work { error in
        guard error == nil else { return }
        if answer.returned { proceed() } else { answer.endedAtOnce = true }
    }
    answer.returned = true
    return answer.endedAtOnce
}

/// What `closeNowOrLater` learns of its work: whether it ended well before the question returned,
/// and whether the question has returned.
@MainActor
private final class CloseAnswer {
    var endedAtOnce = false
    var returned = false
}
