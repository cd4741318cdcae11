/// Seed 002's delegate forms, for saving an address: *did refuse* (the form has problems),
/// *will save* and *did save*, plus the outcome the seed never had: *did fail* (the store
/// refused it).
@MainActor
public protocol AddressBookDelegate: AnyObject {
    /// Nothing was stored: every problem of the form, in field order (the first is the field to
    /// focus).
    func addressBook(_ book: AddressBook, didRefuse problems: [FieldProblem])
    /// The form passed validation and `address` is about to be stored.
    func addressBook(_ book: AddressBook, willSave address: Address)
    /// `address` is stored, saved at `time` (seconds since 1970).
    func addressBook(_ book: AddressBook, didSave address: Address, at time: Int64)
    /// The store refused `address`; `error` says why, and nothing was stored.
    func addressBook(_ book: AddressBook, didFailToSave address: Address, error: StoreError)
}

/// What the address page's controller asks of the book: the saved address, and saving the form.
/// A protocol, so that another object can stand in for the book: a test's mock.
@MainActor
public protocol AddressBookProtocol: AnyObject {
    /// Told what became of each save.
    var delegate: AddressBookDelegate? { get set }
    /// The stored address and when it was saved (seconds since 1970), or nil before the first save.
    func load() throws -> (address: Address, savedAt: Int64)?
    /// Saves what the form holds if every field is valid; the delegate hears how it went.
    func save(_ form: AddressForm)
}

/// Stores the one address of the address page.
@MainActor
public final class AddressBook: AddressBookProtocol {
    private let store: Store
    private let clock: () -> Int64
    /// Told what became of a save (held weakly: the controller owns the book).
    public weak var delegate: AddressBookDelegate?

    /// A book that keeps its address in `store`, timing saves by `clock` (seconds since 1970).
    public init(store: Store, clock: @escaping () -> Int64 = WallClock.seconds) {
        self.store = store
        self.clock = clock
    }

    /// The stored address and when it was saved (seconds since 1970), if there is one.
    public func load() throws -> (address: Address, savedAt: Int64)? {
        guard
            let row = try store.database.rows(
                "SELECT street, city, state, postal_code, saved_at FROM address WHERE id = 1"
            ).first
        else { return nil }
        return (
            Address(
                street: row[0].text ?? "", city: row[1].text ?? "", state: row[2].text ?? "",
                postalCode: row[3].text ?? ""), row[4].integer ?? 0
        )
    }

    /// Saves what the form holds, if every field is valid (trimmed); otherwise the delegate
    /// hears every problem and nothing is stored.
    public func save(_ form: AddressForm) {
        switch AddressValidation.validate(form) {
        case .failure(let problems): delegate?.addressBook(self, didRefuse: problems.items)
        case .success(let address): save(address)
        }
    }

    /// Stores `address` (replacing the previous one) in one transaction, through the store's
    /// write queue: the delegate hears *will save* at once and *did save* or *did fail* when the
    /// store has answered (in the app: after the writer thread ran it).
    public func save(_ address: Address) {
        delegate?.addressBook(self, willSave: address)
        let now = clock()
        store.writes.write(
            { database in
                try database.execute(
                    """
                    INSERT INTO address (id, street, city, state, postal_code, saved_at) VALUES (1, ?, ?, ?, ?, ?) \
                    ON CONFLICT(id) DO UPDATE SET street = excluded.street, city = excluded.city, \
                    state = excluded.state, postal_code = excluded.postal_code, saved_at = excluded.saved_at
                    """, [.text(address.street), .text(address.city), .text(address.state), .text(address.postalCode), .integer(now)])
            },
            then: { [weak self] error in
                guard let self else { return }
                if let error {
                    self.delegate?.addressBook(self, didFailToSave: address, error: error)
                } else {
                    self.delegate?.addressBook(self, didSave: address, at: now)
                }
            })
    }
}
