// Seed 000's model: `Address { street, city, state, zipCode }`, a plain value type, plus what the
// tutorial left as a TO-DO — validation with a message per field — and storage.

/// A postal address: what the address form edits and the store keeps.
public struct Address: Equatable, Sendable {
    /// The street and number.
    public var street: String
    /// The city or town.
    public var city: String
    /// The state or province.
    public var state: String
    /// The postal code.
    public var postalCode: String  // the seed's `zipCode`

    /// An address with these four fields, taken as they are (validation is ``AddressValidation``'s).
    public init(street: String, city: String, state: String, postalCode: String) {
        self.street = street
        self.city = city
        self.state = state
        self.postalCode = postalCode
    }

    /// One field's value, so that code can go through the fields in a loop.
    public subscript(field: AddressField) -> String {
        switch field {
        case .street: street
        case .city: city
        case .state: state
        case .postalCode: postalCode
        }
    }
}

/// The four fields of an ``Address``, in the form's order.
public enum AddressField: CaseIterable, Sendable, Hashable {
    /// ``Address/street``.
    case street
    /// ``Address/city``.
    case city
    /// ``Address/state``.
    case state
    /// ``Address/postalCode``.
    case postalCode

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
