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
