import Foundation
import Glibc

// The session's file: what is written, and the checks a file passes before it is believed, in the
// order that keeps each cheap (size, then the first byte, then nesting and whether the JSON ends,
// then the header, then each field).

extension MessageSession {
    /// The session as the file holds it: JSON, keys sorted so that two saves of one session match.
    public func encoded() throws(SessionError) -> [UInt8] {
        let file = SessionFileBody(
            format: Self.format, version: Self.version, app: appVersion, page: page,
            messages: messages.indices.map { SessionFileMessage(messages[$0], after: after[$0]) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do { return Array(try encoder.encode(file)) } catch { throw .file(reason: String(describing: error)) }
    }

    /// Writes the session to `path` (through a file beside it, renamed over: a reader never sees
    /// half a session).
    public func write(to path: String) throws(SessionError) {
        let bytes = try encoded()
        let temporary = path + ".saving"
        guard let file = fopen(temporary, "wb") else { throw .file(reason: Self.systemReason()) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let flushed = fflush(file) == 0 && fsync(fileno(file)) == 0
        fclose(file)
        guard written == bytes.count, flushed, rename(temporary, path) == 0 else {
            let reason = Self.systemReason()
            unlink(temporary)
            throw .file(reason: reason)
        }
    }

    /// The session in the file at `path`: its size checked before it is read.
    public static func read(from path: String) throws(SessionError) -> MessageSession {
        guard let file = fopen(path, "rb") else { throw .file(reason: systemReason()) }
        defer { fclose(file) }
        var status = stat()
        guard fstat(fileno(file), &status) == 0 else { throw .file(reason: systemReason()) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw .file(reason: String(cString: strerror(EISDIR))) }
        guard status.st_size <= maximumBytes else { throw .tooLarge(bytes: Int64(status.st_size)) }
        // Read to the end, never past the limit: the size said may be wrong (a file growing, a pipe).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            bytes += chunk[..<count]
            if bytes.count > maximumBytes { throw .tooLarge(bytes: Int64(bytes.count)) }
        }
        if ferror(file) != 0 { throw .file(reason: systemReason()) }
        return try decoded(bytes)
    }

    /// The session `bytes` hold.
    public static func decoded(_ bytes: [UInt8]) throws(SessionError) -> MessageSession {
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes: Int64(bytes.count)) }
        try checkShape(bytes)
        let data = Data(bytes)
        let decoder = JSONDecoder()
        // The header first: another program's JSON, or a session of another version, is named as
        // such rather than by the first field it lacks.
        guard let header = try? decoder.decode(SessionFileHeader.self, from: data) else { throw .damaged }
        guard header.format == Self.format else { throw .foreign }
        guard let version = header.version else {
            throw header.versionUnreadable ? .wrongValue(field: "version") : .missing(field: "version")
        }
        guard version == Self.version else { throw .unsupportedVersion(version) }
        let body: SessionFileBody
        do {
            body = try decoder.decode(SessionFileBody.self, from: data)
        } catch let error as DecodingError {
            throw sessionError(error)
        } catch {
            throw .damaged
        }
        guard body.messages.count <= maximumMessages else { throw .tooManyMessages(body.messages.count) }
        var messages: [LoggedMessage] = []
        var after: [PageMoment?] = []
        messages.reserveCapacity(body.messages.count)
        after.reserveCapacity(body.messages.count)
        for (index, message) in body.messages.enumerated() {
            messages.append(try message.logged(at: index))
            after.append(try message.after?.moment(field: "messages[\(index)].after"))
        }
        return MessageSession(page: body.page, appVersion: body.app, messages: messages, after: after)
    }

    /// Refuses bytes that are not a JSON object, that nest deeper than ``maximumDepth``, or that
    /// end inside a string or an open bracket: counted here, before a parser recurses into them.
    static func checkShape(_ bytes: [UInt8]) throws(SessionError) {
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { throw .empty }
        // A byte order mark is not JSON; anything but an object is not a session.
        guard bytes[first] == UInt8(ascii: "{") else { throw .foreign }
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes[first...] {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > maximumDepth { throw .tooDeep }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 { throw .damaged }
            default: break
            }
        }
        if inString || depth > 0 { throw .truncated }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// A decoding error as the field it is about.
    static func sessionError(_ error: DecodingError) -> SessionError {
        func field(_ path: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            var text = ""
            for key in path + (last.map { [$0] } ?? []) {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text.isEmpty ? "session" : text
        }
        switch error {
        case .keyNotFound(let key, let context): return .missing(field: field(context.codingPath, key))
        case .valueNotFound(_, let context): return .missing(field: field(context.codingPath))
        case .typeMismatch(_, let context): return .wrongValue(field: field(context.codingPath))
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? .damaged : .wrongValue(field: field(context.codingPath))
        @unknown default: return .damaged
        }
    }

    static func systemReason() -> String { String(cString: strerror(errno)) }
}

// MARK: The file's parts

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
    let after: SessionFileMoment?

    private enum CodingKeys: String, CodingKey { case from, to, channel, text, file, line, side, count, member, audience, state, after }

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
        message.id = index + 1
        return message
    }
}

/// A page's models in the file: `kind` says which page's, and the rest its values.
struct SessionFileMoment: Codable {
    let kind: String
    var first: Int64?
    var second: Int64?
    var address: [String: String]?
    var text: String?
    var title: String?
    var options: [SessionFileOption]?

    private enum CodingKeys: String, CodingKey { case kind, first, second, address, text, title, options }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        first = try container.wholeIfPresent(Int64.self, .first)
        second = try container.wholeIfPresent(Int64.self, .second)
        address = try container.decodeIfPresent([String: String].self, forKey: .address)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        options = try container.decodeIfPresent([SessionFileOption].self, forKey: .options)
    }

    init(_ moment: PageMoment) {
        switch moment {
        case .adder(let first, let second, _):
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
        }
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
            for name in fields where address[name] == nil { throw .missing(field: "\(field).address.\(name)") }
            guard address.count == fields.count else { throw .wrongValue(field: "\(field).address") }
            let made = Address(street: address["street"]!, city: address["city"]!, state: address["state"]!, postalCode: address["postalCode"]!)
            return .address(made, typed: nil)
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
        default: throw .wrongValue(field: "\(field).kind")
        }
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
