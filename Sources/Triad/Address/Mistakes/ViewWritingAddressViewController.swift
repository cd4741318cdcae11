import GtkKit
import TriadModel

/// The classic mistake of a property observer: `AddressViewController` that, once the address is
/// stored, writes it into the form instead of into `address`. The form shows a value the model
/// does not hold; Revert, the question before leaving and the next save all go by the old
/// address. Only the line that takes the stored address in `addressBook(_:didSave:at:)` differs
/// from AddressViewController.swift.
@MainActor
final class ViewWritingAddressViewController: PageController, AddressBookDelegate {
    let view = AddressView()
    let book: any AddressBookProtocol
    private let window: Window
    private var shownOnce = false
    /// "Saved at 14:03", shown again when the edits are undone.
    private var savedStatus = ""
    /// What to do once the save under way is stored (the window closing, after "Save").
    private var afterSave: (@MainActor () -> Void)?

    /// The saved address (nil before the first save). Setting it refreshes the view.
    var address: Address? {
        didSet { updateViewFromAddress() }
    }

    init(book: any AddressBookProtocol, window: Window) {
        self.book = book
        self.window = window
        book.delegate = self
        // Target-action: the buttons and each field call one method of this controller.
        view.saveButton.on(.clicked, target: self, action: ViewWritingAddressViewController.updateAddressFromView)
        view.revertButton.on(.clicked, target: self, action: ViewWritingAddressViewController.revert)
        for entry in view.entries { entry.on(.changed, target: self, action: ViewWritingAddressViewController.editsChanged) }
        do {
            if let stored = try book.load() {
                address = stored.address  // didSet does not run inside init: pageDidAppear shows it
                savedStatus = Self.savedMessage(stored.savedAt)
                view.setStatus(savedStatus)
            }
        } catch {
            view.setStatus(StoreError.wrapping(error).explained(L("Your saved address cannot be read.")), isError: true)
        }
    }

    var root: Widget { view.root }
    var defaultButton: Button? { view.saveButton }

    func pageDidAppear() {
        // The seed runs updateViewFromAddress() once, when the view is first loaded.
        if !shownOnce {
            shownOnce = true
            updateViewFromAddress()
        }
    }

    // MARK: Seed 000's two directions

    /// Model → view.
    func updateViewFromAddress() {
        view.show(address.map(AddressForm.init) ?? AddressForm([:]))
    }

    /// View → model: the book checks every field and stores the address, or says what is wrong.
    func updateAddressFromView() {
        save(then: nil)
    }

    /// Asks the book to save the form; `next` runs once the address is stored (not when the
    /// form is refused or the store fails: then the form says why and keeps what was typed).
    private func save(then next: (@MainActor () -> Void)?) {
        afterSave = next
        book.save(view.form)
    }

    private var hasUnsavedEdits: Bool {
        let saved = address.map(AddressForm.init) ?? AddressForm([:])
        return AddressField.allCases.contains { view.form[$0] != saved[$0] }
    }

    private func editsChanged() {
        view.setStatus(hasUnsavedEdits ? L("Unsaved changes") : savedStatus)
    }

    private func revert() {
        updateViewFromAddress()
        editsChanged()
    }

    // MARK: AddressBookDelegate

    func addressBook(_ book: AddressBook, didRefuse problems: [FieldProblem]) {
        afterSave = nil
        view.showProblems(problems)
        view.setStatus(L("Not saved: please correct the marked fields."), isError: true)
    }

    func addressBook(_ book: AddressBook, willSave address: Address) {
        view.showProblems([])
        view.setStatus(L("Saving…"))
    }

    func addressBook(_ book: AddressBook, didSave address: Address, at time: Int64) {
        savedStatus = Self.savedMessage(time)
        view.show(AddressForm(address))  // the form shows the stored values; `address` keeps the old ones
        view.setStatus(savedStatus)
        let next = afterSave
        afterSave = nil
        next?()
    }

    func addressBook(_ book: AddressBook, didFailToSave address: Address, error: StoreError) {
        afterSave = nil
        // The fields keep what was typed; the next Save tries again.
        view.setStatus(error.explained(L("Your address was not saved; what you typed is still in the form.")), isError: true)
    }

    private static func savedMessage(_ time: Int64) -> String {
        L("Saved at {time}").filling(["time": LocalTime.hoursAndMinutes(time)])
    }

    // MARK: Should close

    /// Unsaved edits: ask Save / Discard / Cancel, and go on (`proceed`) once the answer allows.
    func pageShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool {
        guard hasUnsavedEdits else { return true }
        ask(
            over: window, title: L("Save changes to your address?"),
            detail: L("If you don't save, your changes will be lost."),
            choices: [
                DialogChoice(L("_Cancel"), response: .cancel),
                DialogChoice(L("_Discard"), response: .reject, style: .destructive),
                DialogChoice(L("_Save"), response: .accept, style: .suggested),
            ],
            defaultResponse: .accept, accessibleName: L("Unsaved address")
        ) { [weak self] response in
            guard let self else { return }
            switch response {
            case .accept:
                self.save(then: proceed)
            case .reject:
                self.updateViewFromAddress()
                proceed()
            default:
                break  // Cancel or Escape: stay
            }
        }
        return false
    }
}
