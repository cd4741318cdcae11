import Foundation

/// Seed 000's model: an address. A value: copied when it is passed, and equal to another with
/// the same fields.
struct Address: Equatable {
    var street = ""
    var city = ""
    var state = ""
    var zipCode = ""
}
