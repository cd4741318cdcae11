import CGtk
import GtkKit
import TriadModel

/// Seed 000's `AddressViewController`. Model → view: `address` has a `didSet` that calls
/// `updateViewFromAddress()`. View → model: `updateAddressFromView()` (Save) asks the model to
/// validate and store. It is the address book's delegate (*will*/*did* save) and answers the
/// window's *should close* when edits are unsaved.
@MainActor
final class AddressViewController: PageController, AddressBookDelegate {
    private let view: AddressView
    private let book: AddressBook
    private let window: WidgetPointer
    private var loadedOnce = false
    private var savedStatus = ""  // "Saved at 14:03", shown again when edits are undone
    private var afterSave: (@MainActor () -> Void)?  // e.g. the window closing once the save is done

    /// The saved address (nil before the first save). Setting it refreshes the view.
    private var address: Address? {
        didSet {
            MessageLog.shared.record(.controller, .view, .propertyObserver, "address didSet → updateViewFromAddress()")
            updateViewFromAddress()
        }
    }

    init(context: PageContext) throws(BuilderError) {
        view = try AddressView()
        book = AddressBook(store: context.services.store)
        window = context.window
        book.delegate = self
        view.onSave = forward(to: self, AddressViewController.save) { "save()" }
        view.onRevert = forward(to: self, AddressViewController.revert) { "revert()" }
        view.onEdit = forward(to: self, AddressViewController.editsChanged) { "editsChanged()" }
        do {
            if let stored = try book.load() {
                address = stored.address  // didSet does not run inside init; pageDidAppear shows it
                savedStatus = Self.savedMessage(stored.savedAt)
                view.setStatus(savedStatus)
            }
        } catch {
            view.setStatus(StoreError.wrapping(error).explained(L("Your saved address cannot be read.")), isError: true)
        }
    }

    var root: WidgetPointer { view.root }
    var defaultButton: WidgetPointer? { view.saveButton }

    func pageDidAppear() {
        // The seed runs updateViewFromAddress() once when the view is first loaded.
        if !loadedOnce {
            loadedOnce = true
            updateViewFromAddress()
        }
    }

    // MARK: Seed 000's two directions

    /// Model → view.
    private func updateViewFromAddress() {
        view.show(address.map(AddressForm.init) ?? AddressForm([:]))
    }

    /// View → model. `stored` runs once the address is in the store (not when it is invalid or
    /// the store refused it: then the form says why and keeps what was typed).
    private func updateAddressFromView(then stored: @escaping @MainActor () -> Void = {}) {
        MessageLog.shared.record(.controller, .model, .call, "AddressValidation.validate(view.form)")
        switch AddressValidation.validate(view.form) {
        case .failure(let problems):
            MessageLog.shared.record(.controller, .view, .viewUpdate, "showProblems(\(problems.items.map { "\($0.field)" }))")
            view.showProblems(problems.items)
            view.setStatus(L("Not saved: please correct the marked fields."), isError: true)
        case .success(let newAddress):
            view.showProblems([])
            afterSave = stored
            MessageLog.shared.record(.controller, .model, .call, "book.save(address)")
            book.save(newAddress)  // the delegate hears will / did save, or did fail
        }
    }

    private var hasUnsavedEdits: Bool {
        let saved = address.map(AddressForm.init) ?? AddressForm([:])
        return AddressField.allCases.contains { view.form[$0] != saved[$0] }
    }

    private func editsChanged() {
        view.setStatus(hasUnsavedEdits ? L("Unsaved changes") : savedStatus)
    }

    // MARK: The view's actions

    private func save() { updateAddressFromView() }

    private func revert() {
        updateViewFromAddress()
        editsChanged()
    }

    // MARK: AddressBookDelegate (will / did)

    func addressBook(_ book: AddressBook, willSave address: Address) {
        view.setStatus(L("Saving…"))
    }

    func addressBook(_ book: AddressBook, didSave address: Address, at time: Int64) {
        savedStatus = Self.savedMessage(time)
        self.address = address  // didSet shows the stored (trimmed) values
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

    func pageShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool {
        guard hasUnsavedEdits else { return true }
        ask(parent: window, title: L("Save changes to your address?"),
            detail: L("If you don't save, your changes will be lost."),
            choices: [DialogChoice(L("_Cancel"), response: GTK_RESPONSE_CANCEL.rawValue),
                      DialogChoice(L("_Discard"), response: GTK_RESPONSE_REJECT.rawValue, style: "destructive-action"),
                      DialogChoice(L("_Save"), response: GTK_RESPONSE_ACCEPT.rawValue, style: "suggested-action")],
            defaultResponse: GTK_RESPONSE_ACCEPT.rawValue, accessibleName: L("Unsaved address")) { [weak self] response in
            guard let self else { return }
            switch response {
            case GTK_RESPONSE_ACCEPT.rawValue:
                self.updateAddressFromView(then: proceed)
            case GTK_RESPONSE_REJECT.rawValue:
                self.updateViewFromAddress()
                proceed()
            default:
                break  // Cancel or Escape: stay
            }
        }
        return false
    }
}
