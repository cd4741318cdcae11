import Glibc

// A recorded session kept in a file, to travel through later or on another machine: the
// messages, the page's models right after each, the page and the app's version, as versioned
// JSON (`.triad-session`, application/x-triad-session). UI-free; the Messages pane saves and
// opens it (Sources/Triad/Messages/Travel/SessionController.swift).
//
// A session is shared, so it carries nothing private: the login and registration pages'
// messages keep their shape but lose every quoted value (a name typed, a password), a value
// after a password's, hash's or salt's name goes on any page, and the model's state entries are
// kept only for the pages whose models travel (their own models: never the accounts). The values
// a message carried for Copy as Test (the adder's two texts, a users search and its answers'
// counts) follow the text's rule: none at all from the login and registration lesson, and a
// secret's value gone from them on any page.
//
// A session is also read from files nobody checked: the size is refused before the file is read
// whole, the nesting is counted in the bytes before any JSON parser sees them (a parser that
// recurses can run out of stack on a deep enough file), and every field is checked for what it
// must hold, each refusal naming what is wrong.

/// A recorded session: the messages in order, and the page's models right after each.
public struct MessageSession: Equatable, Sendable {
    /// What the file's "format" says.
    public static let format = "triad-session"
    /// The version this Triad writes, and the only one it reads.
    public static let version = 1
    /// A file larger than this is refused unread: a session of a hundred thousand messages is far
    /// smaller.
    public static let maximumBytes = 32 << 20
    /// The deepest nesting a session has (the file, its messages, one message, its moment, a
    /// poll's options, one option) with room to spare.
    public static let maximumDepth = 10
    /// More messages than this are refused.
    public static let maximumMessages = 200_000

    /// The page the session was recorded on (its name in the window).
    public var page: String
    /// The version of the Triad that wrote it.
    public var appVersion: String
    /// The messages, numbered from one in their order.
    public var messages: [LoggedMessage]
    /// The page's models right after each message (nil where the page's models were not read).
    public var after: [PageMoment?]

    /// A session of `messages` on `page`, with the models right after each; the moments a
    /// message found are dropped, the ids made 1, 2, 3…, private values redacted.
    public init(page: String, appVersion: String, messages: [LoggedMessage], after: [PageMoment?]) {
        self.page = page
        self.appVersion = appVersion
        let keepsState = after.contains { $0 != nil }
        self.messages = messages.enumerated().map { index, message in
            Self.shareable(message, id: index + 1, page: page, keepsState: keepsState)
        }
        self.after = messages.indices.map { after.indices.contains($0) ? after[$0]?.model : nil }
    }

    /// The session recorded in `messages` on `page`, whose models are `now` after the last one.
    public static func recorded(page: String, appVersion: String, messages: [LoggedMessage], now: PageMoment?) -> MessageSession {
        // As TimeTravel reads it: the moment the next message that read the models found, or
        // `now`; gathered from the end, once.
        var after = [PageMoment?](repeating: nil, count: messages.count)
        var next = now?.model
        for index in messages.indices.reversed() {
            after[index] = next
            if let found = messages[index].moment { next = found.model }
        }
        return MessageSession(page: page, appVersion: appVersion, messages: messages, after: after)
    }

    /// The messages as the pane's log holds them: each with the moment it found (the one right
    /// after the message before it), so that travel reads them as it reads a recording.
    public var loggedMessages: [LoggedMessage] {
        messages.enumerated().map { index, message in
            var message = message
            message.moment = index > 0 ? after[index - 1] : nil
            return message
        }
    }

    /// The page's models after the last message.
    public var ending: PageMoment? { after.last ?? nil }

    // MARK: Privacy

    /// Pages whose messages carry what a person typed to log in or register.
    static let credentialPages: Set<String> = ["login", "register", "registration"]

    /// `message` as a session may hold it.
    static func shareable(_ message: LoggedMessage, id: Int, page: String, keepsState: Bool) -> LoggedMessage {
        var message = message
        message.id = id
        message.moment = nil
        let credentials = credentialPages.contains(page) || isAboutCredentials(message)
        message.text = credentials ? redactingQuoted(message.text) : redactingSecrets(message.text)
        message.state = keepsState && !credentials ? message.state : nil
        message.arguments = credentials ? nil : message.arguments?.map(redactingSecrets)
        return message
    }

    /// Whether the message was sent by or to the login or registration lesson.
    static func isAboutCredentials(_ message: LoggedMessage) -> Bool {
        let names = [message.file, message.member ?? ""].joined(separator: " ").lowercased()
        return ["login", "register", "password", "account"].contains { names.containsText($0) }
    }

    /// Words that name a secret: what follows one of them is never kept.
    static let secretWords = ["password", "passphrase", "passwd", "secret", "hash", "salt"]

    /// The text shown for a value left out.
    public static let redacted = "•••"

    /// `text` with every quoted value replaced by ``redacted``.
    static func redactingQuoted(_ text: String) -> String {
        var result = ""
        var quoted = false
        for character in text {
            if character == "\"" {
                if quoted { result += redacted }
                quoted.toggle()
                result.append(character)
            } else if !quoted {
                result.append(character)
            }
        }
        if quoted { result += redacted }
        return redactingSecrets(result)
    }

    /// `text` with whatever follows a secret's name (to the end of its clause) replaced by
    /// ``redacted``: `password = "x", name: "y"` keeps its shape and loses the password.
    static func redactingSecrets(_ text: String) -> String {
        let lower = text.lowercased()
        guard secretWords.contains(where: { lower.containsText($0) }) else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = firstSecretWord(in: rest) {
            result += rest[..<range.upperBound]
            var after = rest[range.upperBound...]
            // The word's own tail (`passwordEntry`), then the separator, then the value.
            let tail = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            result += tail
            after = after.dropFirst(tail.count)
            let separator = after.prefix { $0 == " " || $0 == ":" || $0 == "=" || $0 == "(" }
            result += separator
            after = after.dropFirst(separator.count)
            let value = after.prefix { $0 != "," && $0 != ")" && $0 != ";" && $0 != "\n" }
            if !value.isEmpty { result += redacted }
            rest = after.dropFirst(value.count)
        }
        return result + rest
    }

    /// The earliest of the secret words in `text`, in any case (the first of the list where two
    /// start at one place).
    private static func firstSecretWord(in text: Substring) -> Range<Substring.Index>? {
        var start = text.startIndex
        while start < text.endIndex {
            for word in secretWords {
                var cursor = start
                var matched = true
                for letter in word {
                    guard cursor < text.endIndex, text[cursor].lowercased() == letter.lowercased() else {
                        matched = false
                        break
                    }
                    cursor = text.index(after: cursor)
                }
                if matched { return start..<cursor }
            }
            start = text.index(after: start)
        }
        return nil
    }
}

/// Why a session file could not be saved or opened, each in words for the window.
public enum SessionError: Error, Equatable, Sendable {
    /// The file could not be read or written; `reason` is the system's.
    case file(reason: String)
    /// The file is larger than a session can be.
    case tooLarge(bytes: Int64)
    /// The file is empty.
    case empty
    /// Not a Triad session: another program's file (a picture, another JSON).
    case foreign
    /// The file ends before its JSON does: cut off while copied or saved.
    case truncated
    /// The JSON is broken somewhere (`detail`, if the parser said where).
    case damaged
    /// Nested deeper than any session is.
    case tooDeep
    /// A session of another version.
    case unsupportedVersion(Int)
    /// `field` is missing.
    case missing(field: String)
    /// `field` holds something a session never has there.
    case wrongValue(field: String)
    /// More messages than a session may hold.
    case tooManyMessages(Int)
    /// A moment's models break their own rules (a chart with one option): `reason` says how.
    case badModel(field: String, reason: String)

    /// A plain sentence for the window.
    public var message: String {
        switch self {
        case .file(let reason): L("The session file could not be used: {reason}").filling(["reason": reason])
        case .tooLarge(let bytes):
            L("The file is {size} MB, larger than a session can be ({maximum} MB): it is not opened.")
                .filling(["size": formattedCount(Int(bytes >> 20)), "maximum": formattedCount(MessageSession.maximumBytes >> 20)])
        case .empty: L("The file is empty: it holds no session.")
        case .foreign: L("This is not a Triad session: the file was written by another program, or is not JSON.")
        case .truncated: L("The session file ends too soon: it was cut off while being saved or copied.")
        case .damaged: L("The session file is damaged: its JSON is broken.")
        case .tooDeep:
            L("The session file nests its data deeper than a session does (at most {depth} levels): it is not opened.")
                .filling(["depth": String(MessageSession.maximumDepth)])
        case .unsupportedVersion(let version):
            L("The session is of version {version}, which this Triad does not read (it reads version {supported}).")
                .filling(["version": String(version), "supported": String(MessageSession.version)])
        case .missing(let field): L("The session file has no “{field}”, which every session has.").filling(["field": field])
        case .wrongValue(let field): L("The session file's “{field}” does not hold what a session holds there.").filling(["field": field])
        case .tooManyMessages(let count):
            L("The session holds {count} messages, more than a session may ({maximum}).")
                .filling(["count": formattedCount(count), "maximum": formattedCount(MessageSession.maximumMessages)])
        case .badModel(let field, let reason):
            L("The session's “{field}” breaks the page's rules: {reason}").filling(["field": field, "reason": reason])
        }
    }
}

extension MessageSession {
    /// The session file's content type, as shared-mime-info registers it.
    public static let mimeType = "application/x-triad-session"
    /// The session file's extension.
    public static let fileExtension = "triad-session"
}

extension LoggedMessage {
    /// A message sent once, as a program that writes sessions makes one (the bench's sessions).
    public static func sent(
        _ from: MessageRole, _ to: MessageRole, _ channel: MessageChannel, _ text: String, file: String, line: Int, side: CodeSide = .sender
    ) -> LoggedMessage {
        LoggedMessage(from: from, to: to, channel: channel, text: text, file: file, line: line, side: side, count: 1)
    }
}
