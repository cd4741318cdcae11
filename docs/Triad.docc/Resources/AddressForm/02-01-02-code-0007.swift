/// Seed 000's view controller: Save's action carries the view's fields to the model
/// (target-action), and the controller is the address book's delegate.
@MainActor
final class AddressViewController: AddressBookDelegate {
    let view = AddressView()
    private let book = AddressBook()

    init() {
        book.delegate = self
        // Target-action: Save calls updateAddressFromView.
        view.saveButton.on(.clicked, target: self, action: AddressViewController.updateAddressFromView)
    }

    /// Seed 000's action (view → model): the fields become an address, which the book saves.
    private func updateAddressFromView() { book.save(view.typed) }

    func addressBook(_ book: AddressBook, didRefuse problems: [AddressProblem]) {
        view.showProblems(problems)
    }

    func addressBook(_ book: AddressBook, willSave address: Address) { view.showProblems([]) }

    func addressBook(_ book: AddressBook, didSave address: Address) {}
}
