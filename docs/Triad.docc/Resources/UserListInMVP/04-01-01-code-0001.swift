// Seed 003: MVP. `User` is the seed's model and `UserViewData` its display-ready row, which the
// page makes for each row the table asks for (UsersDataSource.swift).

/// A person in the user list.
public struct User: Equatable, Sendable {
    /// The first (given) name.
    public var firstName: String
    /// The last (family) name.
    public var lastName: String
    /// The e-mail address, which no two users in the list share.
    public var email: String
    /// Nil when it is not known: a file imported without ages (contact exports have none).
    public var age: Int?

    /// A user with these fields, taken as they are (an import validates them first).
    public init(firstName: String, lastName: String, email: String, age: Int?) {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.age = age
    }
}
