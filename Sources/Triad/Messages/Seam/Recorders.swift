import GtkKit
import TriadModel

// The stand-ins the Messages pane puts in place of the lessons' parts while it is open (Seam.swift
// puts them in and takes them out). Each conforms to the protocol by which one part knows
// another (a delegate, a passive view, a model, a presenter, a service, a data source), records
// the message it receives, and passes it on to the part it stands in for, unchanged: the same
// seam a test uses for a mock. A recording points at the lesson's method that receives the
// message, found in the map the build makes from the compiler's symbol graphs (SourceMap.swift).

/// Records one message received by `receiver`'s member `member` (its `#function`).
private func record(
    _ from: MessageRole, _ to: MessageRole, _ channel: MessageChannel, _ text: @autoclosure () -> String,
    _ receiver: AnyObject, _ member: String
) {
    MessageLog.shared.record(from, to, channel, text(), receiver: type(of: receiver), member: member)
}

/// Seed 001: what the view asks its delegate.
@MainActor
final class AdderViewDelegateRecorder: AdderViewDelegate {
    let controller: AdderViewController
    init(_ controller: AdderViewController) { self.controller = controller }

    func setTotalVal(_ first: String, _ second: String) {
        record(.view, .controller, .delegate, "setTotalVal(\"\(first)\", \"\(second)\")", controller, #function)
        controller.setTotalVal(first, second)
    }

    func getTotalVal() -> AdderView.Display {
        record(.view, .controller, .delegate, "getTotalVal()", controller, #function)
        let display = controller.getTotalVal()
        // The delegate's answer goes back to the view, which shows it.
        record(.controller, .view, .delegate, "getTotalVal() returned \(display)", controller, #function)
        return display
    }
}

/// Seed 001's model, as the controller, the presenter or the view model (`caller`) calls it.
final class AdderModelRecorder: AdderModelProtocol {
    let model: any AdderModelProtocol
    private let caller: MessageRole
    init(_ model: any AdderModelProtocol, caller: MessageRole) {
        self.model = model
        self.caller = caller
    }

    var first: Int64 { model.first }
    var second: Int64 { model.second }

    func set(_ firstText: String, _ secondText: String) throws(AdderError) {
        record(caller, .model, .call, "model.set(\"\(firstText)\", \"\(secondText)\")", model, #function)
        try model.set(firstText, secondText)
    }

    func total() throws(AdderError) -> Int64 {
        record(caller, .model, .call, "model.total()", model, #function)
        return try model.total()
    }
}

/// The adder as MVP: what the passive view hands its presenter.
@MainActor
final class AdderPresenterRecorder: AdderPresenterProtocol {
    let presenter: AdderPresenter
    init(_ presenter: AdderPresenter) { self.presenter = presenter }

    func add(_ first: String, _ second: String) {
        record(.view, .presenter, .call, "add(\"\(first)\", \"\(second)\")", presenter, #function)
        presenter.add(first, second)
    }
}

/// The adder as MVP: what the presenter tells its passive view.
@MainActor
final class AdderPassiveViewRecorder: AdderPassiveViewProtocol {
    let view: AdderPassiveView
    init(_ view: AdderPassiveView) { self.view = view }

    func showSum(_ text: String) {
        record(.presenter, .view, .viewUpdate, "showSum(\"\(text)\")", view, #function)
        view.showSum(text)
    }

    func showError(_ message: String, field: AdderField?) {
        record(.presenter, .view, .viewUpdate, "showError(\"\(message)\")", view, #function)
        view.showError(message, field: field)
    }
}

/// Seed 000's model: the controller asks the book to save what the form holds.
@MainActor
final class AddressBookRecorder: AddressBookProtocol {
    let book: any AddressBookProtocol
    init(_ book: any AddressBookProtocol) { self.book = book }

    var delegate: AddressBookDelegate? {
        get { book.delegate }
        set { book.delegate = newValue }
    }

    func load() throws -> (address: Address, savedAt: Int64)? { try book.load() }

    func save(_ form: AddressForm) {
        record(.controller, .model, .call, "book.save(form)", book, #function)
        book.save(form)
    }
}

/// Seed 000: the book's delegate messages (did refuse, will save, did save, did fail), and the
/// controller's property observer, which a saved address sets off.
@MainActor
final class AddressBookDelegateRecorder: AddressBookDelegate {
    let controller: AddressViewController
    init(_ controller: AddressViewController) { self.controller = controller }

    func addressBook(_ book: AddressBook, didRefuse problems: [FieldProblem]) {
        record(.model, .controller, .delegateDid, "addressBook(didRefuse: \(problems.map { "\($0.field)" }))", controller, #function)
        controller.addressBook(book, didRefuse: problems)
    }

    func addressBook(_ book: AddressBook, willSave address: Address) {
        record(.model, .controller, .delegateWill, "addressBook(willSave: \(address.street))", controller, #function)
        controller.addressBook(book, willSave: address)
    }

    func addressBook(_ book: AddressBook, didSave address: Address, at time: Int64) {
        record(.model, .controller, .delegateDid, "addressBook(didSave: \(address.street), at: \(time))", controller, #function)
        let before = controller.address
        controller.addressBook(book, didSave: address, at: time)
        // The controller keeps the saved address in `address`, whose didSet updates the view:
        // seen here as the property changing across the message.
        if controller.address != before {
            record(.controller, .view, .propertyObserver, "address didSet → updateViewFromAddress()", controller, "address")
        }
    }

    func addressBook(_ book: AddressBook, didFailToSave address: Address, error: StoreError) {
        record(
            .model, .controller, .delegateDid, "addressBook(didFailToSave: \(address.street), error: \(error.kind))", controller, #function)
        controller.addressBook(book, didFailToSave: address, error: error)
    }
}

/// Seed 002: the registration controller handing the new account back through its delegate.
@MainActor
final class RegisterViewDelegateRecorder: RegisterViewDelegate {
    let controller: LoginViewController
    init(_ controller: LoginViewController) { self.controller = controller }

    func registerViewController(_ registration: RegisterViewController, didRegister name: String) {
        record(.controller, .controller, .delegateDid, "registerViewController(didRegister: \"\(name)\")", controller, #function)
        controller.registerViewController(registration, didRegister: name)
    }

    func registerViewControllerDidCancel(_ registration: RegisterViewController) {
        record(.controller, .controller, .delegateDid, "registerViewControllerDidCancel", controller, #function)
        controller.registerViewControllerDidCancel(registration)
    }
}
