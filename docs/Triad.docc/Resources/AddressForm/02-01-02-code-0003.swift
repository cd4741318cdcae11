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

    /// What is wrong with it, in the form's order: none when it may be saved.
    var problems: [AddressProblem] {
        var found: [AddressProblem] = []
        if street.isEmpty { found.append(AddressProblem(field: .street, message: "The street is required")) }
        if city.isEmpty { found.append(AddressProblem(field: .city, message: "The city is required")) }
        if state.isEmpty { found.append(AddressProblem(field: .state, message: "The state is required")) }
        let zipCharacters = zipCode.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" }
        if !(3...10).contains(zipCode.count) || !zipCharacters {
            found.append(AddressProblem(field: .zipCode, message: "A postal code is 3 to 10 letters, digits, spaces or hyphens"))
        }
        return found
    }
}
