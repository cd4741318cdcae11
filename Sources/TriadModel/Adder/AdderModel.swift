// Seed 001's `CustomModel`: it stores two numbers (`set`) and returns their sum (`get`).
// The tutorial force-unwraps `Int(text)!`; here parsing is total: every input gives a number or
// a specific error, and the sum is checked for 64-bit overflow.

/// Which of the two adder fields an error belongs to.
public enum AdderField: Sendable, Equatable {
    /// The first number's field.
    case first
    /// The second number's field.
    case second
}

/// Why a sum could not be made. Each case has its own message.
public enum AdderError: Error, Sendable, Equatable {
    /// The field is empty.
    case empty(AdderField)
    /// The field holds something other than a whole number.
    case notAWholeNumber(AdderField)
    /// The field's number does not fit in 64 bits.
    case outOfRange(AdderField)
    /// Both numbers fit, but their sum is above the largest 64-bit number.
    case sumTooLarge
    /// Both numbers fit, but their sum is below the smallest 64-bit number.
    case sumTooSmall

    /// The field to mark and focus, if the error belongs to one.
    public var field: AdderField? {
        switch self {
        case .empty(let field), .notAWholeNumber(let field), .outOfRange(let field): field
        case .sumTooLarge, .sumTooSmall: nil
        }
    }

    /// A plain sentence for the window.
    public var message: String {
        switch self {
        case .empty(.first): L("Enter a number in the first field")
        case .empty(.second): L("Enter a number in the second field")
        case .notAWholeNumber(.first): L("Enter a whole number in the first field")
        case .notAWholeNumber(.second): L("Enter a whole number in the second field")
        case .outOfRange(.first): L("The first number is too large or too small")
        case .outOfRange(.second): L("The second number is too large or too small")
        case .sumTooLarge: L("The sum is too large")
        case .sumTooSmall: L("The sum is too small")
        }
    }
}

/// What the adder's controller, presenter and view model ask of its model: the seed's `set` and
/// `get`, and the two numbers it holds. A protocol, so that another object can stand in for the
/// model: a test's mock.
public protocol AdderModelProtocol: AnyObject {
    /// The first number, as last set.
    var first: Int64 { get }
    /// The second number, as last set.
    var second: Int64 { get }
    /// The seed's `set`: reads both texts and keeps the numbers, or throws and keeps the previous ones.
    func set(_ firstText: String, _ secondText: String) throws(AdderError)
    /// The seed's `get`: the sum of the two numbers, or why it does not fit in 64 bits.
    func total() throws(AdderError) -> Int64
}

/// Holds the two numbers and answers their sum.
public final class AdderModel: AdderModelProtocol {
    /// The first number, as last set.
    public private(set) var first: Int64 = 0
    /// The second number, as last set.
    public private(set) var second: Int64 = 0

    /// A model holding two zeros.
    public init() {}

    /// The seed's `set`, from what the user typed (the controller's `setTotalVal` calls it). On
    /// error nothing changes.
    public func set(_ firstText: String, _ secondText: String) throws(AdderError) {
        let a = try Self.number(firstText, .first)
        let b = try Self.number(secondText, .second)
        first = a
        second = b
    }

    /// The seed's `get` (the controller's `getTotalVal` calls it): the sum, or why it does not
    /// fit in 64 bits.
    public func total() throws(AdderError) -> Int64 {
        let (sum, overflow) = first.addingReportingOverflow(second)
        if overflow { throw first > 0 ? .sumTooLarge : .sumTooSmall }
        return sum
    }

    /// Parses and adds in one step.
    public func sum(_ firstText: String, _ secondText: String) throws(AdderError) -> Int64 {
        try set(firstText, secondText)
        return try total()
    }

    private static func number(_ text: String, _ field: AdderField) throws(AdderError) -> Int64 {
        switch WholeNumber.parse(text) {
        case .success(let value): return value
        case .failure(.empty): throw .empty(field)
        case .failure(.notAWholeNumber): throw .notAWholeNumber(field)
        case .failure(.outOfRange): throw .outOfRange(field)
        }
    }
}
