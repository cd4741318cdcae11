/// The adder's last two numbers, as typed, kept for the next start (seed 001 suggests persistent
/// storage for them): read from the store's settings, and written through its write queue, so a
/// slow disk never holds up the sum.
@MainActor
public final class LastNumbers {
    private let store: Store

    /// The numbers kept in `store`.
    public init(store: Store) {
        self.store = store
    }

    /// The two texts last remembered, if there are any (nil if the store cannot be read).
    public var saved: (first: String, second: String)? {
        guard let first = store.setting("adder.first"), let second = store.setting("adder.second") else { return nil }
        return (first, second)
    }

    /// Keeps both texts for the next start. A convenience: `done` hears nil once they are stored,
    /// or the sentence that says they were not (the sum is right either way).
    public func remember(_ first: String, _ second: String, then done: @escaping @MainActor (String?) -> Void) {
        store.writes.write(
            { database in
                try Store.setSetting("adder.first", first, in: database)
                try Store.setSetting("adder.second", second, in: database)
            },
            then: { error in
                done(error?.explained(L("The numbers were not remembered for next time; the sum is still right.")))
            })
    }
}
