/// Why an account could not be made, or a log-in was refused: each with its sentence.
enum AccountError: Error, Equatable {
    case nameMissing, nameTaken, passwordTooShort, passwordTooCommon, wrongNameOrPassword

    var message: String {
        switch self {
        case .nameMissing: "Enter a user name"
        case .nameTaken: "That user name is taken"
        case .passwordTooShort: "A password has at least 8 characters"
        case .passwordTooCommon: "This password is too common; choose another"
        case .wrongNameOrPassword: "Wrong user name or password"
        }
    }
}

/// Seed 002's model: the accounts and their rules. The views show what it says; the rules are
/// its own, tested without a window.
@MainActor
final class Accounts {
    /// Each name's password, in memory only, for the lesson's sake.
    private var passwords: [String: String] = [:]
    private let common: Set = ["password", "12345678", "iloveyou", "qwertyuiop", "sunshine"]

    /// Makes an account, or says why not.
    func register(name: String, password: String) throws(AccountError) {
        guard !name.isEmpty else { throw .nameMissing }
        guard passwords[name] == nil else { throw .nameTaken }
        guard password.count >= 8 else { throw .passwordTooShort }
        guard !common.contains(password.lowercased()) else { throw .passwordTooCommon }
        passwords[name] = password
    }

    /// Lets the person in, or says that the name or the password is wrong (not which).
    func logIn(name: String, password: String) throws(AccountError) {
        guard let known = passwords[name], known == password else { throw .wrongNameOrPassword }
    }
}
