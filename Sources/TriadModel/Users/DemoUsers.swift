/// Seed 003's three users, added once, to a store created by this run. Not in a schema
/// migration: a migration shapes the schema, and a user who emptied the list keeps it empty.
public enum DemoUsers {
    /// Adds `User.seedUsers` if the store is new; returns whether it did.
    @discardableResult
    public static func addIfNew(to store: Store) throws -> Bool {
        guard store.isNew else { return false }
        try store.database.transaction {
            for user in User.seedUsers { try user.insert(into: store.database) }
        }
        return true
    }
}
