/// Seed 000's view controller: Save's action carries the view's fields to the model
/// (target-action), and the controller is the address book's delegate.
@MainActor
final class AddressViewController: AddressBookDelegate {
    let view = AddressView()
    private let book = AddressBook()
    /// Seed 000's `address`: its property observer shows each new value in the view (model →
    /// view), whoever sets it.
    private var address = Address() {
        didSet { view.show(address) }
    }

    init() {
        book.delegate = self
        // Target-action: Save calls updateAddressFromView.
        view.saveButton.on(.clicked, target: self, action: AddressViewController.updateAddressFromView)
    }

    /// Seed 000's action (view → model): the fields become an address, which the book saves.
    private func updateAddressFromView() { book.save(view.typed) }

    func addressBook(_ book: AddressBook, didRefuse problems: [AddressProblem]) {
        view.showProblems(problems)
        view.showStatus("Not saved")
    }

    func addressBook(_ book: AddressBook, willSave address: Address) { view.showProblems([]) }

    func addressBook(_ book: AddressBook, didSave address: Address) {
        self.address = address
        view.showStatus("Saved")
    }
}
