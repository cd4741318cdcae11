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
}
