/// Synthetic users for benchmarks and demos (`triad --generate-users N`).
public enum UserGenerator {
    static let firstNames = [
        "Iyad", "Mila", "Mark", "Aiko", "Wei", "Min-jun", "Sofia", "Lucas", "Amara", "Noah",
        "Yuki", "Li", "Seo-yeon", "Elena", "Omar", "Hana", "Diego", "Ava", "Kenji", "Zara",
    ]
    static let lastNames = [
        "Agha", "Haward", "Astun", "Tanaka", "Wang", "Kim", "Rossi", "Silva", "Okafor", "Smith",
        "Sato", "Chen", "Park", "Novak", "Haddad", "Suzuki", "Garcia", "Brown", "Ito", "Khan",
    ]

    /// Adds `count` users in one transaction; returns how many were added.
    @discardableResult
    public static func generate(_ count: Int, into store: Store) throws -> Int {
        let base = Int((try store.database.scalar("SELECT coalesce(max(id), 0) FROM users"))?.integer ?? 0)
        try store.database.transaction {
            for i in 0..<count {
                let n = base + i + 1
                try User(
                    firstName: firstNames[n % firstNames.count],
                    lastName: lastNames[(n / firstNames.count) % lastNames.count],
                    email: "user\(n)@example.com", age: 18 + n % 70
                ).insert(into: store.database)
            }
        }
        return count
    }
}
