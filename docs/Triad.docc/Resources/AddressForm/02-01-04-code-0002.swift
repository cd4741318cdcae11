import GtkKit
import TriadModel

/// Seed 000's `AddressViewController`. Model → view: `address` has a `didSet` that calls
/// `updateViewFromAddress()`. View → model: `updateAddressFromView()`, the Save button's action,
/// asks the address book to save what the form holds. The controller is the book's delegate
/// (did refuse, will save, did save, did fail).
@MainActor
final class AddressViewController: PageController, AddressBookDelegate {
    let view = AddressView()
    /// A `var`, so that another book can stand in (the Messages pane's recorder).
    var book: any AddressBookProtocol
    private let window: Window
    private var shownOnce = false
    /// "Saved at 14:03", shown again when the edits are undone.
    private var savedStatus = ""

    /// The saved address (nil before the first save). Setting it refreshes the view.
    var address: Address? {
        didSet { updateViewFromAddress() }
    }

    init(store: Store, window: Window) {
        book = AddressBook(store: store)
        self.window = window
        book.delegate = self
        // Target-action: the buttons and each field call one method of this controller.
        view.saveButton.on(.clicked, target: self, action: AddressViewController.updateAddressFromView)
        view.revertButton.on(.clicked, target: self, action: AddressViewController.revert)
        for entry in view.entries { entry.on(.changed, target: self, action: AddressViewController.editsChanged) }
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
        view.showProblems(problems)
        view.setStatus(L("Not saved: please correct the marked fields."), isError: true)
    }

    func addressBook(_ book: AddressBook, willSave address: Address) {
        view.showProblems([])
        view.setStatus(L("Saving…"))
    }

    func addressBook(_ book: AddressBook, didSave address: Address, at time: Int64) {
        savedStatus = Self.savedMessage(time)
        self.address = address  // didSet shows the stored (trimmed) values
        view.setStatus(savedStatus)
    }

    func addressBook(_ book: AddressBook, didFailToSave address: Address, error: StoreError) {
        // The fields keep what was typed; the next Save tries again.
        view.setStatus(error.explained(L("Your address was not saved; what you typed is still in the form.")), isError: true)
    }

    private static func savedMessage(_ time: Int64) -> String {
        L("Saved at {time}").filling(["time": LocalTime.hoursAndMinutes(time)])
    }
}
