extension LoggedMessage {
    /// One line of plain text, tab-separated:
    /// `View → Controller  delegate  setTotalVal("100", "200")  triad/AdderViewController.swift:30  receiver`.
    public var plainText: String {
        "\(from.title) → \(to.title)\t\(channel.title)\t\(text)\(count > 1 ? " (×\(count))" : "")\t\(source)\t\(side.title)"
    }
}

/// The recorded messages written out for a learner to keep: as text, or as a diagram.
public enum MessageExport {
    /// The messages as a Mermaid sequence diagram, for a learner's own notes.
    public static func mermaid(_ messages: [LoggedMessage]) -> String {
        var participants: [MessageRole] = []
        for message in messages {
            for role in [message.from, message.to] where !participants.contains(role) { participants.append(role) }
        }
        var lines = ["sequenceDiagram"]
        lines += participants.map { "    participant \($0.mermaidName) as \($0.title)" }
        for message in messages {
            let label = "\(message.text)\(message.count > 1 ? " ×\(message.count)" : "") [\(message.channel.title)]"
            lines.append("    \(message.from.mermaidName)->>\(message.to.mermaidName): \(escaped(label))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The messages as plain text, one tab-separated line each.
    public static func plainText(_ messages: [LoggedMessage]) -> String {
        messages.map(\.plainText).joined(separator: "\n") + (messages.isEmpty ? "" : "\n")
    }

    /// Mermaid ends a message at `;` and reads `#…;` as an entity: both are written as entities.
    private static func escaped(_ text: String) -> String {
        text.map { $0 == "#" ? "#35;" : $0 == ";" ? "#59;" : String($0) }.joined()
    }
}
