/// What the book tells its delegate about a save, in seed 002's forms: *did refuse*, then, for
/// an address it takes, *will save* and *did save*.
@MainActor
protocol AddressBookDelegate: AnyObject {
    /// The address was refused, with every problem: nothing was saved.
    func addressBook(_ book: AddressBook, didRefuse problems: [AddressProblem])
    /// The address is about to be saved.
    func addressBook(_ book: AddressBook, willSave address: Address)
    /// The address was saved.
    func addressBook(_ book: AddressBook, didSave address: Address)
}

/// Keeps the saved address (in memory, here) and tells its delegate what became of each save.
@MainActor
final class AddressBook {
    weak var delegate: AddressBookDelegate?
    private(set) var saved = Address()

    /// Saves `address`, trimmed, unless it has a problem; tells the delegate either way.
    func save(_ address: Address) {
        let address = address.trimmed
        let problems = address.problems
        guard problems.isEmpty else {
            delegate?.addressBook(self, didRefuse: problems)
            return
        }
        delegate?.addressBook(self, willSave: address)
        saved = address
        delegate?.addressBook(self, didSave: address)
    }
}
