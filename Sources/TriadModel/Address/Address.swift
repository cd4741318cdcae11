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
