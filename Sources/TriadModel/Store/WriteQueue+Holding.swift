// Holding the store's writes: while the Messages pane shows a page in the past, what its models
// ask to store waits here, so that looking at the past never writes it, and a crash then leaves
// the file as it was. The writes themselves check `held` as they are asked for (WriteQueue.swift).

extension WriteQueue {
    /// Whether writes are held back now (`hold`).
    public var isHolding: Bool { held != nil }

    /// How many writes are held back, waiting for `release` or `discard`.
    public var heldCount: Int { held?.count ?? 0 }

    /// From now on every write waits here, unrun and unanswered, until `release` runs them or
    /// `discard` answers them unrun. The file stays as it is meanwhile, whatever the models do,
    /// and a program killed while they wait leaves it so. Writes asked for before stay under way.
    public func hold() {
        if held == nil { held = [] }
    }

    /// Runs the held writes in the order they were asked for, and stops holding: the models'
    /// ordinary saves go on as if they had never waited.
    public func release() {
        let waiting = held ?? []
        held = nil
        for write in waiting { write.run() }
    }

    /// Answers the held writes without running them, and stops holding: for when what they
    /// would store is no longer wanted, because the models were put back to what the file already
    /// holds. A write answered only with whether it was stored hears that it was (so that its
    /// saver does not try again to store what is already there); one that answers a value hears
    /// that it was not written.
    public func discard() {
        let waiting = held ?? []
        held = nil
        for write in waiting { write.skip() }
    }
}
