import GtkKit
import TriadModel

// The lessons' controllers and views as the Messages pane sees them (RecordingPages.swift says
// how they are used). Each override records, pointing at the lesson's method that receives the
// message, and then calls it.

private func record(_ from: MessageRole, _ to: MessageRole, _ channel: MessageChannel, _ text: @autoclosure () -> String,
                    _ receiver: Any.Type, _ member: String) {
    MessageLog.shared.record(from, to, channel, text(), receiver: receiver, member: member)
}

/// Seed 001: the view's delegate messages, and the view showing the answer.
final class RecordingAdderViewController: AdderViewController {
    override func setTotalVal(_ first: String, _ second: String) {
        record(.view, .controller, .delegate, "setTotalVal(\"\(first)\", \"\(second)\")", AdderViewController.self, #function)
        super.setTotalVal(first, second)
    }

    override func getTotalVal() -> AdderView.Display {
        record(.view, .controller, .delegate, "getTotalVal()", AdderViewController.self, #function)
        return super.getTotalVal()
    }
}

final class RecordingAdderView: AdderView {
    override func show(_ display: Display) {
        record(.view, .view, .viewUpdate, "show(\(display))", AdderView.self, #function)
        super.show(display)
    }
}

/// The adder as MVP: what the presenter tells its passive view.
final class RecordingAdderPassiveView: AdderPassiveView {
    override func showSum(_ text: String) {
        record(.presenter, .view, .viewUpdate, "showSum(\"\(text)\")", AdderPassiveView.self, #function)
        super.showSum(text)
    }

    override func showError(_ message: String, field: AdderField?) {
        record(.presenter, .view, .viewUpdate, "showError(\"\(message)\")", AdderPassiveView.self, #function)
        super.showError(message, field: field)
    }
}

/// Seed 000: the property observer, the address book's delegate messages, the window's *should
/// close*, and the controller's updates of the view.
final class RecordingAddressViewController: AddressViewController {
    override var address: Address? {
        // Recorded as the value is set, so that the row comes before the view update it causes.
        willSet { record(.controller, .view, .propertyObserver, "address didSet → updateViewFromAddress()", AddressViewController.self, "address") }
    }

    override func addressBook(_ book: AddressBook, didRefuse problems: [FieldProblem]) {
        record(.model, .controller, .delegateDid, "addressBook(didRefuse: \(problems.map { "\($0.field)" }))", AddressViewController.self, #function)
        super.addressBook(book, didRefuse: problems)
    }

    override func addressBook(_ book: AddressBook, willSave address: Address) {
        record(.model, .controller, .delegateWill, "addressBook(willSave: \(address.street))", AddressViewController.self, #function)
        super.addressBook(book, willSave: address)
    }

    override func addressBook(_ book: AddressBook, didSave address: Address, at time: Int64) {
        record(.model, .controller, .delegateDid, "addressBook(didSave: \(address.street), at: \(time))", AddressViewController.self, #function)
        super.addressBook(book, didSave: address, at: time)
    }

    override func addressBook(_ book: AddressBook, didFailToSave address: Address, error: StoreError) {
        record(.model, .controller, .delegateDid, "addressBook(didFailToSave: \(address.street), error: \(error.kind))",
               AddressViewController.self, #function)
        super.addressBook(book, didFailToSave: address, error: error)
    }

    override func pageShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool {
        let answer = super.pageShouldClose(proceed: proceed)
        record(.controller, .controller, .delegateShould, "pageShouldClose → \(answer ? "yes" : "ask")", AddressViewController.self, #function)
        return answer
    }
}

final class RecordingAddressView: AddressView {
    override func show(_ form: AddressForm) {
        record(.controller, .view, .viewUpdate, "show(form)", AddressView.self, #function)
        super.show(form)
    }

    override func showProblems(_ problems: [FieldProblem]) {
        record(.controller, .view, .viewUpdate, "showProblems(\(problems.map { "\($0.field)" }))", AddressView.self, #function)
        super.showProblems(problems)
    }
}

/// Seed 002: the registration controller handing the new account back through its delegate.
final class RecordingLoginViewController: LoginViewController {
    /// Where the accounts are, for the State tab's list of names and locks.
    let store: Store

    init(accounts: Accounts, store: Store, meter: @escaping () -> PasswordMeter, window: WidgetPointer) {
        self.store = store
        super.init(accounts: accounts, meter: meter, window: window)
    }

    override func registerViewController(_ controller: RegisterViewController, didRegister name: String) {
        record(.controller, .controller, .delegateDid, "registerViewController(didRegister: \"\(name)\")", LoginViewController.self, #function)
        super.registerViewController(controller, didRegister: name)
    }

    override func registerViewControllerDidCancel(_ controller: RegisterViewController) {
        record(.controller, .controller, .delegateDid, "registerViewControllerDidCancel", LoginViewController.self, #function)
        super.registerViewControllerDidCancel(controller)
    }
}

/// Seed 003: what the presenter tells its passive view.
final class RecordingUsersViewController: UsersViewController {
    override func startLoading() {
        record(.presenter, .view, .viewUpdate, "startLoading()", UsersViewController.self, #function)
        super.startLoading()
    }

    override func finishLoading() {
        record(.presenter, .view, .viewUpdate, "finishLoading()", UsersViewController.self, #function)
        super.finishLoading()
    }

    override func setUsers(_ users: UsersDataSource) {
        record(.presenter, .view, .viewUpdate, "setUsers(count: \(formattedCount(users.count)))", UsersViewController.self, #function)
        super.setUsers(users)
    }

    override func setEmptyUsers() {
        record(.presenter, .view, .viewUpdate, "setEmptyUsers()", UsersViewController.self, #function)
        super.setEmptyUsers()
    }

    override func showError(_ message: String) {
        record(.presenter, .view, .viewUpdate, "showError(\"\(message)\")", UsersViewController.self, #function)
        super.showError(message)
    }
}

/// Seed 004: the window's *should close*, which stores the note's last edits first.
final class RecordingNoteViewController: NoteViewController {
    override func windowShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool {
        let answer = super.windowShouldClose(proceed: proceed)
        record(.controller, .controller, .delegateShould, "windowShouldClose → \(answer ? "yes" : "ask")", NoteViewController.self, #function)
        return answer
    }
}

/// Seed 004: the main view told the note's new text (by the observer of the model).
final class RecordingNoteView: NoteView {
    override func show(note text: String) {
        record(.controller, .view, .viewUpdate, "show(note: \(ModelState.quotedPreview(text)))", NoteView.self, #function)
        super.show(note: text)
    }
}
