import GtkKit
import TriadModel

// The stand-ins of the two form lessons (Seam.swift says what a stand-in is): seed 000's
// address book with the delegate its controller sets, and seed 002's registration delegate.

/// Seed 000's model: the controller asks the book for the saved address and to save the form. The
/// delegate the controller sets is told through a stand-in, which this keeps.
@MainActor
final class AddressBookRecorder: AddressBookProtocol {
    private let book: any AddressBookProtocol
    private var delegateStandIn: AddressBookDelegateRecorder?
    init(_ book: any AddressBookProtocol) { self.book = book }

    var delegate: AddressBookDelegate? {
        get { delegateStandIn?.delegate }
        set {
            delegateStandIn = newValue.map(AddressBookDelegateRecorder.init)
            book.delegate = delegateStandIn
        }
    }

    func load() throws -> (address: Address, savedAt: Int64)? { try book.load() }

    func save(_ form: AddressForm) {
        recordReceived(.controller, .model, .call, "book.save(form)", by: book, #function)
        book.save(form)
    }
}

/// Seed 000: the book's delegate messages (did refuse, will save, did save, did fail), and the
/// controller's property observer, which a saved address sets off.
@MainActor
final class AddressBookDelegateRecorder: AddressBookDelegate {
    private(set) weak var delegate: AddressBookDelegate?
    init(_ delegate: AddressBookDelegate) { self.delegate = delegate }

    func addressBook(_ book: AddressBook, didRefuse problems: [FieldProblem]) {
        guard let delegate else { return }
        recordReceived(
            .model, .controller, .delegateDid, "addressBook(didRefuse: \(problems.map { "\($0.field)" }))", by: delegate, #function)
        delegate.addressBook(book, didRefuse: problems)
    }

    func addressBook(_ book: AddressBook, willSave address: Address) {
        guard let delegate else { return }
        recordReceived(.model, .controller, .delegateWill, "addressBook(willSave: \(address.street))", by: delegate, #function)
        delegate.addressBook(book, willSave: address)
    }

    func addressBook(_ book: AddressBook, didSave address: Address, at time: Int64) {
        guard let delegate else { return }
        recordReceived(.model, .controller, .delegateDid, "addressBook(didSave: \(address.street), at: \(time))", by: delegate, #function)
        // The controller keeps the saved address in `address`, whose didSet updates the view:
        // seen here as the property changing across the message.
        let controller = MessageLog.shared.isRecording ? delegate as? AddressViewController : nil
        let before = controller?.address
        delegate.addressBook(book, didSave: address, at: time)
        if let controller, controller.address != before {
            recordReceived(.controller, .view, .propertyObserver, "address didSet → updateViewFromAddress()", by: controller, "address")
        }
    }

    func addressBook(_ book: AddressBook, didFailToSave address: Address, error: StoreError) {
        guard let delegate else { return }
        recordReceived(
            .model, .controller, .delegateDid, "addressBook(didFailToSave: \(address.street), error: \(error.kind))", by: delegate,
            #function)
        delegate.addressBook(book, didFailToSave: address, error: error)
    }
}

/// Seed 002: the registration controller handing the new account back through its delegate.
@MainActor
final class RegisterViewDelegateRecorder: RegisterViewDelegate {
    private weak var delegate: RegisterViewDelegate?
    init(_ delegate: RegisterViewDelegate) { self.delegate = delegate }

    func registerViewController(_ registration: RegisterViewController, didRegister name: String) {
        guard let delegate else { return }
        recordReceived(.controller, .controller, .delegateDid, "registerViewController(didRegister: \"\(name)\")", by: delegate, #function)
        delegate.registerViewController(registration, didRegister: name)
    }

    func registerViewControllerDidCancel(_ registration: RegisterViewController) {
        guard let delegate else { return }
        recordReceived(.controller, .controller, .delegateDid, "registerViewControllerDidCancel", by: delegate, #function)
        delegate.registerViewControllerDidCancel(registration)
    }
}
