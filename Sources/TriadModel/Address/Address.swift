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

/// What can be wrong with one field of the address form.
public enum AddressProblem: Equatable, Sendable {
    /// The field is empty.
    case required
    /// The field is longer than ``AddressValidation/maximumLength``.
    case tooLong
    /// The field holds a tab, a line break or another control character, which the form cannot show.
    case controlCharacters
    /// The postal code is not 3 to 10 letters, digits, spaces or hyphens.
    case postalCodeFormat

    /// A sentence naming the field.
    public func message(for field: AddressField) -> String {
        switch self {
        case .required: L("{field} is required").filling(["field": field.name])
        case .tooLong: L("{field} must be at most 200 characters").filling(["field": field.name])
        case .controlCharacters:
            L("{field} contains characters that cannot be stored (such as tabs or line breaks)").filling(["field": field.name])
        case .postalCodeFormat: L("Postal code must be 3 to 10 letters, digits, spaces or hyphens")
        }
    }
}

/// What the form holds, before validation.
public struct AddressForm: Equatable, Sendable {
    /// Each field's text as typed; a missing field reads as empty.
    public var values: [AddressField: String]
    /// A form holding `values`.
    public init(_ values: [AddressField: String]) { self.values = values }
    /// A form filled from a saved address, to edit it.
    public init(_ address: Address) {
        values = Dictionary(uniqueKeysWithValues: AddressField.allCases.map { ($0, address[$0]) })
    }
    /// One field's text, empty if it was never typed.
    public subscript(field: AddressField) -> String { values[field] ?? "" }
}

/// One field's problem.
public struct FieldProblem: Equatable, Sendable {
    /// The field that has the problem.
    public let field: AddressField
    /// What is wrong with it.
    public let problem: AddressProblem
    /// The sentence the form shows under the field.
    public var message: String { problem.message(for: field) }
    /// The problem `problem` of the field `field`.
    public init(_ field: AddressField, _ problem: AddressProblem) {
        self.field = field
        self.problem = problem
    }
}

/// Every problem of a form, in field order (the first is the field to focus).
public struct AddressProblems: Error, Equatable, Sendable {
    /// The problems, one per field that has one.
    public let items: [FieldProblem]
}

/// The rules an address must meet before it is saved.
public enum AddressValidation {
    /// The most characters a field may hold.
    public static let maximumLength = 200

    /// Checks every field and returns the trimmed address, or every problem at once (in field
    /// order, so the first one is the field to focus).
    public static func validate(_ form: AddressForm) -> Result<Address, AddressProblems> {
        let problems = AddressField.allCases.compactMap { field in
            problem(field, form[field].trimmingWhitespace).map { FieldProblem(field, $0) }
        }
        guard problems.isEmpty else { return .failure(AddressProblems(items: problems)) }
        return .success(
            Address(
                street: form[.street].trimmingWhitespace, city: form[.city].trimmingWhitespace,
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
