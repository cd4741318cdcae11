// The session file's parts as JSON holds them, each read with every value checked and a wrong
// one named by its field, and each written back as the same JSON (MessageSessionFile.swift reads
// and writes the whole; SessionFields.swift reads one object's values).

struct SessionFileBody {
    let format: String
    let version: Int
    let app: String
    let page: String
    let messages: [SessionFileMessage]

    init(format: String, version: Int, app: String, page: String, messages: [SessionFileMessage]) {
        self.format = format
        self.version = version
        self.app = app
        self.page = page
        self.messages = messages
    }

    /// The header first: another program's JSON, or a session of another version, is named as
    /// such rather than by the first field it lacks.
    init(_ document: JSONValue) throws(SessionError) {
        // Anything but a session's object is not this format's file, whatever else it holds.
        guard case .object(let members) = document, members["format"] == .string(MessageSession.format) else { throw .foreign }
        // A version written as null is one written wrong, not one left out.
        if members["version"] == .null { throw .wrongValue(field: "version") }
        let fields = try SessionFields(document, name: "")
        let version: Int = try fields.whole("version")
        guard version == MessageSession.version else { throw .unsupportedVersion(version) }
        format = MessageSession.format
        self.version = version
        app = try fields.string("app")
        page = try fields.string("page")
        var messages: [SessionFileMessage] = []
        for element in try fields.elements("messages") { messages.append(try SessionFileMessage(try element.object())) }
        self.messages = messages
    }

    var json: JSONValue {
        .object([
            "format": .string(format), "version": .number(String(version)), "app": .string(app), "page": .string(page),
            "messages": .array(messages.map(\.json)),
        ])
    }
}

struct SessionFileMessage {
    let from: String
    let to: String
    let channel: String
    let text: String
    let file: String
    let line: Int
    let side: String
    let count: Int
    let member: String?
    let audience: Int?
    let state: [[String]]?
    /// The values the message carried, for Copy as Test; absent in a file written before
    /// sessions kept them, which opens all the same.
    let arguments: [String]?
    let after: SessionFileMoment?

    init(_ fields: SessionFields) throws(SessionError) {
        from = try fields.string("from")
        to = try fields.string("to")
        channel = try fields.string("channel")
        text = try fields.string("text")
        file = try fields.string("file")
        line = try fields.whole("line")
        side = try fields.string("side")
        count = try fields.whole("count")
        member = try fields.stringIfPresent("member")
        audience = try fields.wholeIfPresent("audience")
        if fields.has("state") {
            var state: [[String]] = []
            for entry in try fields.elements("state") { state.append(try entry.strings()) }
            self.state = state
        } else {
            state = nil
        }
        arguments = try fields.has("arguments") ? fields.value("arguments").strings() : nil
        after = try fields.has("after") ? SessionFileMoment(try fields.object("after")) : nil
    }

    init(_ message: LoggedMessage, after: PageMoment?) {
        from = message.from.rawValue
        to = message.to.rawValue
        channel = message.channel.rawValue
        text = message.text
        file = message.file
        line = message.line
        side = message.side.rawValue
        count = message.count
        member = message.member
        audience = message.audience
        state = message.state?.map { [$0.name, $0.value] }
        arguments = message.arguments
        self.after = after.map(SessionFileMoment.init)
    }

    /// As the file holds it: a value a message lacks is left out, not written as null.
    var json: JSONValue {
        var members: [String: JSONValue] = [
            "from": .string(from), "to": .string(to), "channel": .string(channel), "text": .string(text), "file": .string(file),
            "line": .number(String(line)), "side": .string(side), "count": .number(String(count)),
        ]
        members["member"] = member.map(JSONValue.string)
        members["audience"] = audience.map { .number(String($0)) }
        members["state"] = state.map { .array($0.map { .array($0.map(JSONValue.string)) }) }
        members["arguments"] = arguments.map { .array($0.map(JSONValue.string)) }
        members["after"] = after?.json
        return .object(members)
    }

    /// The message it holds, each value checked; `index` names it in an error.
    func logged(at index: Int) throws(SessionError) -> LoggedMessage {
        let name = "messages[\(index)]"
        guard let from = MessageRole(rawValue: from) else { throw .wrongValue(field: "\(name).from") }
        guard let to = MessageRole(rawValue: to) else { throw .wrongValue(field: "\(name).to") }
        guard let channel = MessageChannel(rawValue: channel) else { throw .wrongValue(field: "\(name).channel") }
        guard let side = CodeSide(rawValue: side) else { throw .wrongValue(field: "\(name).side") }
        guard line >= 0 else { throw .wrongValue(field: "\(name).line") }
        guard count >= 1 else { throw .wrongValue(field: "\(name).count") }
        if let audience, audience < 0 { throw .wrongValue(field: "\(name).audience") }
        var entries: [StateEntry]?
        if let state {
            guard state.allSatisfy({ $0.count == 2 }) else { throw .wrongValue(field: "\(name).state") }
            entries = state.map { StateEntry($0[0], $0[1]) }
        }
        var message = LoggedMessage(
            from: from, to: to, channel: channel, text: text, file: file, line: line, side: side, count: count, member: member,
            audience: audience)
        message.state = entries
        message.arguments = arguments
        message.id = index + 1
        return message
    }
}

struct SessionFileOption {
    let name: String
    let votes: Int

    init(name: String, votes: Int) {
        self.name = name
        self.votes = votes
    }

    init(_ fields: SessionFields) throws(SessionError) {
        name = try fields.string("name")
        votes = try fields.whole("votes")
    }

    var json: JSONValue { .object(["name": .string(name), "votes": .number(String(votes))]) }
}
