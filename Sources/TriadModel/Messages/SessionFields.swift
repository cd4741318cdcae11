// One object of a session's file as the model's JSON reader left it, read a value at a time:
// each value is checked for the type a session holds there, and a wrong one named by where it is
// in the file (`messages[3].after.first`, `messages[0].arguments[1]`). A value that is absent, or
// null, is missing; one of another type, or a number that is not a whole one in range, is wrong.

/// An object of the file, and its name in the file (empty for the file itself).
struct SessionFields {
    private let members: [String: JSONValue]
    let name: String

    init(_ value: SessionValue) throws(SessionError) {
        switch value.value {
        case .object(let members)?: self.members = members
        case nil, .null?: throw .missing(field: value.name)
        default: throw .wrongValue(field: value.name)
        }
        name = value.name
    }

    init(_ value: JSONValue, name: String) throws(SessionError) { try self.init(SessionValue(value, in: name, at: .whole)) }

    /// The value at `key`, named for an error.
    func value(_ key: String) -> SessionValue { SessionValue(members[key], in: name, at: .key(key)) }

    /// Whether `key` holds a value (null is none: a value a session may leave out).
    func has(_ key: String) -> Bool { members[key].map { $0 != .null } ?? false }

    /// The keys present, in the order of their bytes (an error about one of several is the same
    /// one each time).
    var keys: [String] { members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }

    func string(_ key: String) throws(SessionError) -> String { try value(key).string() }
    func whole<T: FixedWidthInteger>(_ key: String) throws(SessionError) -> T { try value(key).whole() }
    /// A value a session may leave out: nil where it did.
    func stringIfPresent(_ key: String) throws(SessionError) -> String? { try has(key) ? string(key) : nil }
    func wholeIfPresent<T: FixedWidthInteger>(_ key: String) throws(SessionError) -> T? { try has(key) ? whole(key) : nil }
    func object(_ key: String) throws(SessionError) -> SessionFields { try value(key).object() }
    func elements(_ key: String) throws(SessionError) -> [SessionValue] { try value(key).elements() }
}

/// One value of the file (nil where its key is absent), and where it is: its name is made only
/// for an error, as most values read are never named.
struct SessionValue {
    enum Place {
        case key(String)
        case index(Int)
        case whole
    }

    let value: JSONValue?
    private let parent: String
    private let place: Place

    init(_ value: JSONValue?, in parent: String, at place: Place) {
        self.value = value
        self.parent = parent
        self.place = place
    }

    var name: String {
        switch place {
        case .key(let key): parent.isEmpty ? key : "\(parent).\(key)"
        case .index(let index): "\(parent)[\(index)]"
        case .whole: parent
        }
    }

    private func refused() -> SessionError { value == nil || value == .null ? .missing(field: name) : .wrongValue(field: name) }

    func string() throws(SessionError) -> String {
        guard case .string(let text)? = value else { throw refused() }
        return text
    }

    /// A whole number: a fraction, an exponent or one too large for `T` is wrong.
    func whole<T: FixedWidthInteger>() throws(SessionError) -> T {
        guard case .number(let text)? = value, let number = T(text) else { throw refused() }
        return number
    }

    func object() throws(SessionError) -> SessionFields { try SessionFields(self) }

    /// The elements of an array, each named by its place.
    func elements() throws(SessionError) -> [SessionValue] {
        guard case .array(let items)? = value else { throw refused() }
        let name = self.name
        return items.enumerated().map { SessionValue($1, in: name, at: .index($0)) }
    }

    /// An array of strings.
    func strings() throws(SessionError) -> [String] {
        var strings: [String] = []
        for element in try elements() { strings.append(try element.string()) }
        return strings
    }
}
