import Foundation

/// Seed 000's model: an address. A value: copied when it is passed, and equal to another with
/// the same fields.
struct Address: Equatable {
    var street = ""
    var city = ""
    var state = ""
    var zipCode = ""
}

/// What is wrong with one field of an address.
struct AddressProblem: Equatable {
    enum Field { case street, city, state, zipCode }
    let field: Field
    let message: String
}

extension Address {
    /// The address without the spaces typed around each field.
    var trimmed: Address {
        Address(
            street: street.trimmingCharacters(in: .whitespaces), city: city.trimmingCharacters(in: .whitespaces),
            state: state.trimmingCharacters(in: .whitespaces), zipCode: zipCode.trimmingCharacters(in: .whitespaces))
    }
}
