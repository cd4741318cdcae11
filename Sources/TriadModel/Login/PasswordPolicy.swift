/// The rules a new password must pass: long enough, not a common password, not the user name.
///
/// The list of common passwords is data, not code (`Resources/data/common-passwords.txt`, one
/// per line, `#` starts a comment). Whoever makes the policy hands it in: the app reads it from
/// its resource bundle, the tests from the source tree.
public struct PasswordPolicy: Sendable {
    /// The fewest characters a password may have.
    public static let minimumLength = 8

    private let common: Set<String>

    /// A policy that refuses the common passwords listed in `text`.
    /// - Parameter text: the list's text.
    public init(commonPasswords text: String) {
        common = Set(
            text.split(whereSeparator: \.isNewline).lazy
                .filter { !$0.hasPrefix("#") }.map(String.init))
    }

    /// Number of entries in the list of common passwords.
    public var commonCount: Int { common.count }

    /// The first rule `password` breaks for the account `userName`, or nil if it passes them all.
    public func weakness(of password: String, userName: String) -> PasswordWeakness? {
        if password.count < Self.minimumLength { return .tooShort }
        if common.contains(password) || common.contains(password.lowercased()) { return .common }
        if UserName.key(password) == UserName.key(userName) { return .sameAsUserName }
        return nil
    }
}
