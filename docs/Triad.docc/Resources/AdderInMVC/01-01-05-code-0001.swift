/// Which of the two fields a problem is about.
enum AdderField {
    case first, second
}

/// Why there is no sum.
enum AdderError: Error, Equatable {
    case notAWholeNumber(AdderField)
    case sumOutOfRange

    /// A sentence for the window.
    var message: String {
        switch self {
        case .notAWholeNumber(.first): "Enter a whole number in the first field"
        case .notAWholeNumber(.second): "Enter a whole number in the second field"
        case .sumOutOfRange: "The sum is too large or too small"
        }
    }

    /// The field to mark, if the problem is in one.
    var field: AdderField? {
        switch self {
        case .notAWholeNumber(let field): field
        case .sumOutOfRange: nil
        }
    }
}

/// Seed 001's `CustomModel`: it keeps two numbers and answers their sum. It knows nothing of
/// windows.
final class AdderModel {
    private(set) var first = 0
    private(set) var second = 0

    /// Keeps the two numbers the texts hold, or throws and keeps the ones it had.
    func set(_ firstText: String, _ secondText: String) throws(AdderError) {
        guard let a = Int(firstText) else { throw .notAWholeNumber(.first) }
        guard let b = Int(secondText) else { throw .notAWholeNumber(.second) }
        first = a
        second = b
    }

    /// The sum of the two numbers, or why it does not fit in an `Int`.
    func total() throws(AdderError) -> Int {
        let (sum, overflow) = first.addingReportingOverflow(second)
        if overflow { throw .sumOutOfRange }
        return sum
    }
}
