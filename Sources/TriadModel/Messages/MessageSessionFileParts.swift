// The session file's parts as JSON holds them, each decoded with every value checked and a
// wrong one named by its field (MessageSessionFile.swift reads and writes the whole).

/// Just what tells a session from another file.
struct SessionFileHeader: Decodable {
    let format: String?
    let version: Int?
    /// A version written, but not as a whole number.
    let versionUnreadable: Bool

    private enum CodingKeys: String, CodingKey { case format, version }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // A field of another type is not this format's: read as missing.
        format = try? container.decodeIfPresent(String.self, forKey: .format)
        version = try? container.decodeIfPresent(Int.self, forKey: .version)
        versionUnreadable = version == nil && container.contains(.version)
    }
}

struct SessionFileBody: Codable {
    let format: String
    let version: Int
    let app: String
    let page: String
    let messages: [SessionFileMessage]

    private enum CodingKeys: String, CodingKey { case format, version, app, page, messages }

    init(format: String, version: Int, app: String, page: String, messages: [SessionFileMessage]) {
        self.format = format
        self.version = version
        self.app = app
        self.page = page
        self.messages = messages
    }

    /// The header first, in the one reading of the file: another program's JSON, or a session of
    /// another version, is named as such rather than by the first field it lacks.
    init(from decoder: any Decoder) throws {
        let header = try SessionFileHeader(from: decoder)
        guard header.format == MessageSession.format else { throw SessionError.foreign }
        guard let version = header.version else {
            throw header.versionUnreadable ? SessionError.wrongValue(field: "version") : SessionError.missing(field: "version")
        }
        guard version == MessageSession.version else { throw SessionError.unsupportedVersion(version) }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = MessageSession.format
        self.version = version
        app = try container.decode(String.self, forKey: .app)
        page = try container.decode(String.self, forKey: .page)
        messages = try container.decode([SessionFileMessage].self, forKey: .messages)
    }
}

struct SessionFileMessage: Codable {
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

    private enum CodingKeys: String, CodingKey {
        case from, to, channel, text, file, line, side, count, member, audience, state, arguments, after
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        from = try container.decode(String.self, forKey: .from)
        to = try container.decode(String.self, forKey: .to)
        channel = try container.decode(String.self, forKey: .channel)
        text = try container.decode(String.self, forKey: .text)
        file = try container.decode(String.self, forKey: .file)
        line = try container.whole(Int.self, .line)
        side = try container.decode(String.self, forKey: .side)
        count = try container.whole(Int.self, .count)
        member = try container.decodeIfPresent(String.self, forKey: .member)
        audience = try container.wholeIfPresent(Int.self, .audience)
        state = try container.decodeIfPresent([[String]].self, forKey: .state)
        arguments = try container.decodeIfPresent([String].self, forKey: .arguments)
        after = try container.decodeIfPresent(SessionFileMoment.self, forKey: .after)
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

struct SessionFileOption: Codable {
    let name: String
    let votes: Int

    private enum CodingKeys: String, CodingKey { case name, votes }

    init(name: String, votes: Int) {
        self.name = name
        self.votes = votes
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        votes = try container.whole(Int.self, .votes)
    }
}

extension KeyedDecodingContainer {
    /// A whole number at `key`: a fraction, a string or a number too large is named by its field
    /// (Foundation's decoder calls a fraction where a whole number goes broken JSON, and names no
    /// field).
    func whole<T: FixedWidthInteger & Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        guard let value = try wholeIfPresent(type, key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return value
    }

    func wholeIfPresent<T: FixedWidthInteger & Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        do {
            return try decode(T.self, forKey: key)
        } catch {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: codingPath + [key], debugDescription: "not a whole number"))
        }
    }
}
