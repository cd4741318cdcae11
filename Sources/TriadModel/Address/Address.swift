import Glibc

// Seed 000's model: `Address { street, city, state, zipCode }`, a plain value type, plus what the
// tutorial left as a TO-DO — validation with a message per field — and storage.

public struct Address: Equatable, Sendable {
    public var street: String
    public var city: String
    public var state: String
    public var postalCode: String  // the seed's `zipCode`

    public init(street: String, city: String, state: String, postalCode: String) {
        self.street = street
        self.city = city
        self.state = state
        self.postalCode = postalCode
    }

    public subscript(field: AddressField) -> String {
        switch field {
        case .street: street
        case .city: city
        case .state: state
        case .postalCode: postalCode
        }
    }
}

public enum AddressField: CaseIterable, Sendable, Hashable {
    case street, city, state, postalCode

    /// The field's name as it appears in messages.
    public var name: String {
        switch self {
        case .street: L("Street")
        case .city: L("City")
        case .state: L("State or province")
        case .postalCode: L("Postal code")
        }
    }
}

public enum AddressProblem: Equatable, Sendable {
    case required, tooLong, controlCharacters, postalCodeFormat

    /// A sentence naming the field.
    public func message(for field: AddressField) -> String {
        switch self {
        case .required: L("{field} is required").filling(["field": field.name])
        case .tooLong: L("{field} must be at most 200 characters").filling(["field": field.name])
        case .controlCharacters: L("{field} contains characters that cannot be stored (such as tabs or line breaks)").filling(["field": field.name])
        case .postalCodeFormat: L("Postal code must be 3 to 10 letters, digits, spaces or hyphens")
        }
    }
}

/// What the form holds, before validation.
public struct AddressForm: Equatable, Sendable {
    public var values: [AddressField: String]
    public init(_ values: [AddressField: String]) { self.values = values }
    public init(_ address: Address) {
        values = Dictionary(uniqueKeysWithValues: AddressField.allCases.map { ($0, address[$0]) })
    }
    public subscript(field: AddressField) -> String { values[field] ?? "" }
}

/// One field's problem.
public struct FieldProblem: Equatable, Sendable {
    public let field: AddressField
    public let problem: AddressProblem
    public var message: String { problem.message(for: field) }
    public init(_ field: AddressField, _ problem: AddressProblem) {
        self.field = field
        self.problem = problem
    }
}

/// Every problem of a form, in field order (the first is the field to focus).
public struct AddressProblems: Error, Equatable, Sendable {
    public let items: [FieldProblem]
}

public enum AddressValidation {
    public static let maximumLength = 200

    /// Checks every field and returns the trimmed address, or every problem at once (in field
    /// order, so the first one is the field to focus).
    public static func validate(_ form: AddressForm) -> Result<Address, AddressProblems> {
        let problems = AddressField.allCases.compactMap { field in
            problem(field, form[field].trimmingWhitespace).map { FieldProblem(field, $0) }
        }
        guard problems.isEmpty else { return .failure(AddressProblems(items: problems)) }
        return .success(Address(street: form[.street].trimmingWhitespace, city: form[.city].trimmingWhitespace,
                                state: form[.state].trimmingWhitespace, postalCode: form[.postalCode].trimmingWhitespace))
    }

    private static func problem(_ field: AddressField, _ value: String) -> AddressProblem? {
        if value.isEmpty { return .required }
        if value.count > maximumLength { return .tooLong }
        if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .controlCharacters }
        if field == .postalCode {
            let allowed = value.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == " " || scalar == "-")
            }
            if !allowed || !(3...10).contains(value.count) { return .postalCodeFormat }
        }
        return nil
    }

}

/// The *will* / *did* half of seed 002's delegate pattern, for saving an address, plus the
/// outcome the seed never had: *did fail*.
@MainActor
public protocol AddressBookDelegate: AnyObject {
    func addressBook(_ book: AddressBook, willSave address: Address)
    func addressBook(_ book: AddressBook, didSave address: Address, at time: Int64)
    func addressBook(_ book: AddressBook, didFailToSave address: Address, error: StoreError)
}

/// Stores the one address of the address page in the store.
@MainActor
public final class AddressBook {
    private let store: Store
    private let clock: () -> Int64
    /// Told *will save*, then *did save* or *did fail* (held weakly; recorded for the Messages pane).
    public let delegation = Delegation<AddressBookDelegate>(from: .model, to: .controller)
    public var delegate: AddressBookDelegate? {
        get { delegation.current }
        set { delegation.current = newValue }
    }

    public init(store: Store, clock: @escaping () -> Int64 = { Int64(time(nil)) }) {
        self.store = store
        self.clock = clock
    }

    /// The stored address and when it was saved (seconds since 1970), if there is one.
    public func load() throws -> (address: Address, savedAt: Int64)? {
        guard let row = try store.database.rows(
            "SELECT street, city, state, postal_code, saved_at FROM address WHERE id = 1").first else { return nil }
        return (Address(street: row[0].text ?? "", city: row[1].text ?? "", state: row[2].text ?? "",
                        postalCode: row[3].text ?? ""), row[4].integer ?? 0)
    }

    /// Stores `address` (replacing the previous one) in one transaction, through the store's
    /// write queue: the delegate hears *will save* at once and *did save* or *did fail* when the
    /// store has answered (in the app: after the writer thread ran it).
    public func save(_ address: Address) {
        delegation.will("addressBook(willSave: \(address.street))") { $0.addressBook(self, willSave: address) }
        let now = clock()
        store.writes.write({ database in
            try database.execute("""
                INSERT INTO address (id, street, city, state, postal_code, saved_at) VALUES (1, ?, ?, ?, ?, ?) \
                ON CONFLICT(id) DO UPDATE SET street = excluded.street, city = excluded.city, \
                state = excluded.state, postal_code = excluded.postal_code, saved_at = excluded.saved_at
                """, [.text(address.street), .text(address.city), .text(address.state), .text(address.postalCode), .integer(now)])
        }, then: { [weak self] error in
            guard let self else { return }
            if let error {
                self.delegation.did("addressBook(didFailToSave:error: \(error.kind))") { $0.addressBook(self, didFailToSave: address, error: error) }
            } else {
                self.delegation.did("addressBook(didSave: \(address.street), at: \(now))") { $0.addressBook(self, didSave: address, at: now) }
            }
        })
    }
}
