// A page's models as a session file holds them: one object per moment, `kind` naming the page,
// each value checked as it is read (MessageSessionFileParts.swift has the file's other parts).

/// A page's models in the file: `kind` says which page's, and the rest its values.
struct SessionFileMoment {
    let kind: String
    var first: Int64?
    var second: Int64?
    var address: [String: String]?
    var text: String?
    var title: String?
    var options: [SessionFileOption]?
    var query: String?

    init(_ fields: SessionFields) throws(SessionError) {
        kind = try fields.string("kind")
        first = try fields.wholeIfPresent("first")
        second = try fields.wholeIfPresent("second")
        if fields.has("address") {
            let object = try fields.object("address")
            var address: [String: String] = [:]
            for key in object.keys { address[key] = try object.string(key) }
            self.address = address
        }
        text = try fields.stringIfPresent("text")
        title = try fields.stringIfPresent("title")
        if fields.has("options") {
            var options: [SessionFileOption] = []
            for option in try fields.elements("options") { options.append(try SessionFileOption(try option.object())) }
            self.options = options
        }
        query = try fields.stringIfPresent("query")
    }

    init(_ moment: PageMoment) {
        switch moment {
        case .adder(let first, let second, _, _):
            kind = "adder"
            self.first = first
            self.second = second
        case .address(let address, _):
            kind = "address"
            self.address = address.map { address in
                ["street": address.street, "city": address.city, "state": address.state, "postalCode": address.postalCode]
            }
        case .note(let text):
            kind = "note"
            self.text = text
        case .chart(let poll):
            kind = "chart"
            title = poll.title
            options = poll.options.map { SessionFileOption(name: $0.name, votes: $0.votes) }
        case .users(let query):
            kind = "users"
            self.query = query
        case .login:
            // The name in the login form is an account's name: a session never carries one, so
            // the form travels in a session with its field empty.
            kind = "login"
        }
    }

    /// As the file holds it: a value the page has not is left out.
    var json: JSONValue {
        var members: [String: JSONValue] = ["kind": .string(kind)]
        members["first"] = first.map { .number(String($0)) }
        members["second"] = second.map { .number(String($0)) }
        members["address"] = address.map { .object($0.mapValues(JSONValue.string)) }
        members["text"] = text.map(JSONValue.string)
        members["title"] = title.map(JSONValue.string)
        members["options"] = options.map { .array($0.map(\.json)) }
        members["query"] = query.map(JSONValue.string)
        return .object(members)
    }

    func moment(field: String) throws(SessionError) -> PageMoment {
        switch kind {
        case "adder":
            guard let first else { throw .missing(field: "\(field).first") }
            guard let second else { throw .missing(field: "\(field).second") }
            return .adder(first: first, second: second, typed: nil)
        case "address":
            guard let address else { return .address(nil, typed: nil) }
            let fields = ["street", "city", "state", "postalCode"]
            var values: [String] = []
            for name in fields {
                guard let value = address[name] else { throw .missing(field: "\(field).address.\(name)") }
                values.append(value)
            }
            guard address.count == fields.count else { throw .wrongValue(field: "\(field).address") }
            return .address(Address(street: values[0], city: values[1], state: values[2], postalCode: values[3]), typed: nil)
        case "note":
            guard let text else { throw .missing(field: "\(field).text") }
            return .note(text)
        case "chart":
            guard let title else { throw .missing(field: "\(field).title") }
            guard let options else { throw .missing(field: "\(field).options") }
            do {
                return .chart(try Poll(title: title, options: options.map { PollOption($0.name, $0.votes) }))
            } catch {
                throw .badModel(field: field, reason: error.message)
            }
        case "users":
            guard let query else { throw .missing(field: "\(field).query") }
            return .users(query: query)
        case "login": return .login(name: "")
        default: throw .wrongValue(field: "\(field).kind")
        }
    }
}
