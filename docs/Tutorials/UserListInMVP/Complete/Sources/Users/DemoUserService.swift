import GtkKit

/// The seed's three users, answered after a short wait, as a server would.
struct DemoUserService: UserService {
    func getUsers(_ done: @escaping @MainActor ([User]) -> Void) {
        MainLoop.after(milliseconds: 600) {
            done([
                User(name: "Iyad Agha", age: 36, email: "iyad@test.com"),
                User(name: "Mila Haward", age: 24, email: "mila@test.com"),
                User(name: "Mark Astun", age: 39, email: "mark@test.com"),
            ])
        }
    }
}
