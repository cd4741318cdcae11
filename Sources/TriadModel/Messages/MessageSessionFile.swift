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
        var writer = JSONTextWriter()
        writer.write(file.json)
        return writer.bytes
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
        // The whole JSON is read before any field: broken JSON is damaged, whatever it holds.
        let document: JSONValue
        do { document = try JSONStreamParser(ByteReader(bytes: bytes), fieldLimit: maximumBytes).document() } catch { throw .damaged }
        let body = try SessionFileBody(document)
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

    static func systemReason() -> String { String(cString: strerror(errno)) }
}
