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

    /// The seed's mocked users (their e-mail addresses are elided there; here under example.com).
    public static let seedUsers = [
        User(firstName: "Iyad", lastName: "Agha", email: "iyad.agha@example.com", age: 36),
        User(firstName: "Mila", lastName: "Haward", email: "mila.haward@example.com", age: 24),
        User(firstName: "Mark", lastName: "Astun", email: "mark.astun@example.com", age: 39),
    ]

    /// Stores this user as a new row, inside the caller's transaction.
    func insert(into database: Database) throws {
        try database.execute(
            "INSERT INTO users (first_name, last_name, email, age) VALUES (?, ?, ?, ?)",
            [.text(firstName), .text(lastName), .text(email), age.map { .integer(Int64($0)) } ?? .null])
    }
}
