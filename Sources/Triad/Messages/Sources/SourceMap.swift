import GtkKit
import Synchronization
import TriadModel

/// Where each member of the app's types is declared, and which method each target-action
/// connection calls: a map the build makes from the compiler's own output (build-aux/source-map.py:
/// the symbol graphs of the three modules, and the type-checked syntax of the app's connections)
/// and compiles into the sources bundle beside the code it points into. The Messages pane reads
/// it to say on which line a message was received; `make check-source-map` fails when a member
/// the pane can record has no place in it.
final class SourceMap: Sendable {
    static let shared = SourceMap()

    /// A place in the code: the file as `#fileID` names it, and the line.
    struct Place: Equatable, Sendable {
        let fileID: String
        let line: Int
    }

    /// A target-action connection: the method it calls, and the line that names it.
    struct Connection: Equatable, Sendable {
        let method: String
        let place: Place
    }

    private struct Entries: Sendable {
        var members: [String: Place] = [:]
        var connections: [String: Connection] = [:]
        var differences: [String: (right: [Int], mistaken: [Int])] = [:]
        var objects = ObjectMap.empty
    }
    private let entries = Mutex<Entries?>(nil)

    /// Where `type`'s `member` (a method as `#function` names it, `setTotalVal(_:_:)`, or a
    /// property, `address`) is declared, if the map has it.
    func place(of type: Any.Type, _ member: String) -> Place? { place(ofTypeNamed: String(describing: type), member) }

    func place(ofTypeNamed type: String, _ member: String) -> Place? { loaded().members["\(type).\(member)"] }

    /// Whether `type` declares `member` itself.
    func declares(_ type: Any.Type, _ member: String) -> Bool { place(of: type, member) != nil }

    /// The connection made at `site` (where an `on(_:target:action:)` call's arguments open).
    func connection(at site: SourceSite) -> Connection? { loaded().connections[site.key] }

    /// Every member the map knows, for the checks.
    var memberCount: Int { loaded().members.count }

    /// The members `type` declares, each with its line, in the order of their lines.
    func members(ofTypeNamed type: String) -> [(member: String, place: Place)] {
        let prefix = "\(type)."
        return loaded().members.filter { $0.key.hasPrefix(prefix) && !$0.key.dropFirst(prefix.count).contains(".") }
            .map { (String($0.key.dropFirst(prefix.count)), $0.value) }.sorted { $0.1.line < $1.1.line }
    }

    /// The lines a mistaken class differs in from the lesson's class it replaces, in each file
    /// (the build's diff of the two classes: build-aux/mistakes.py).
    func differingLines(ofMistake type: String) -> (right: [Int], mistaken: [Int])? { loaded().differences[type] }

    /// What the compiler says of the app's classes for the Objects tab: which are the lessons',
    /// which are the seam's stand-ins, and how each stored property holds its value.
    var objectMap: ObjectMap { loaded().objects }

    private func loaded() -> Entries {
        entries.withLock { entries in
            if let entries { return entries }
            let read = Self.read(SourceBundle.shared.text(ofPath: "source-map.tsv") ?? "")
            entries = read
            return read
        }
    }

    /// Reads the map's lines: `member<TAB>Type.member<TAB>fileID<TAB>line`,
    /// `connection<TAB>fileID:line:column<TAB>Type.method()<TAB>fileID<TAB>line`,
    /// `differs<TAB>MistakenType<TAB>lines,…<TAB>lines,…` (the right class's, the mistaken's), and
    /// the Objects tab's lines (`ObjectMap.read`).
    private static func read(_ text: String) -> Entries {
        var entries = Entries()
        entries.objects = ObjectMap.read(text[...])
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("member", 4):
                if let number = Int(fields[3]) { entries.members[fields[1]] = Place(fileID: fields[2], line: number) }
            case ("connection", 5):
                if let number = Int(fields[4]) {
                    entries.connections[fields[1]] = Connection(method: fields[2], place: Place(fileID: fields[3], line: number))
                }
            case ("differs", 4):
                let lines = { (field: String) in field.split(separator: ",").compactMap { Int($0) } }
                entries.differences[fields[1]] = (lines(fields[2]), lines(fields[3]))
            default:
                continue
            }
        }
        return entries
    }
}
