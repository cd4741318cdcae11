/// A user of seed 003's list: a name, an age and an e-mail address.
struct User: Equatable {
    let name: String
    let age: Int
    let email: String
}
