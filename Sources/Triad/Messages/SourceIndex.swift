import CGtk
import GtkKit
import Synchronization
import TriadModel
import TriadResources

/// The app's own sources (Swift, and the views' GtkBuilder files), compiled into the program as a
/// resource bundle of their own (under `source/`, one folder per target): what the Messages pane
/// reads to say on which line a message was received, to find the method a target-action
/// connection names, and to show the code. The bundle is
/// registered, and a file read, only when the pane first asks; what was read is kept for the
/// next question.
final class SourceIndex: Sendable {
    static let shared = SourceIndex()

    /// Where the sources are in the bundle.
    static let root = "\(AppInfo.resourceBase)/source/"
    /// The module each source folder builds, as `#fileID` names it.
    private static let modules = ["Triad": "triad", "TriadModel": "TriadModel", "GtkKit": "GtkKit"]

    private struct Cache {
        /// "triad/AdderView.swift" → "Triad/Adder/AdderView.swift", made on first use.
        var paths: [String: String]?
        var lines: [String: [String]] = [:]
        /// Where each type is declared or extended, by name, made on first use.
        var declared: [String: [(file: String, line: Int)]]?
        var found: [String: (file: String, line: Int)?] = [:]
    }
    private let cache = Mutex(Cache())

    /// The path inside `source/` of a file named as `#fileID` names it ("triad/AdderView.swift"),
    /// or nil when the bundle has no such source.
    func path(ofFileID fileID: String) -> String? {
        cache.withLock { cache in
            if cache.paths == nil { cache.paths = Self.listPaths() }
            return cache.paths?[fileID]
        }
    }

    /// Every file of the bundle under `folder` ("Triad/Adder/"), subfolders included, as paths
    /// inside `source/`.
    func paths(under folder: String) -> [String] {
        cache.withLock { cache in
            if cache.paths == nil { cache.paths = Self.listPaths() }
            return (cache.paths ?? [:]).values.filter { $0.hasPrefix(folder) }.sorted()
        }
    }

    /// The text of a file of the bundle, by its path inside `source/`.
    func text(ofPath path: String) -> String? {
        guard Self.registered else { return nil }
        return resourceText(Self.root + path)
    }

    /// The lines of a file named as `#fileID` names it (empty if unknown).
    func lines(ofFileID fileID: String) -> [String] {
        guard let path = path(ofFileID: fileID) else { return [] }
        return cache.withLock { cache in
            if let lines = cache.lines[path] { return lines }
            let text = resourceText(Self.root + path) ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            cache.lines[path] = lines
            return lines
        }
    }

    /// The file (as `#fileID` names it) and line of `member` of the type named `type`: a method
    /// (`setTotalVal(_:_:)`, its `#function`) or a property (`address`). Nil if not found.
    func locate(type: String, member: String) -> (file: String, line: Int)? {
        let key = "\(type).\(member)"
        if let known = cache.withLock({ $0.found[key] }) { return known }
        let found = search(type: type, member: member)
        cache.withLock { $0.found[key] = found }
        return found
    }

    private func search(type: String, member: String) -> (file: String, line: Int)? {
        let name = String(member.prefix { $0 != "(" })
        let isMethod = member.contains("(")
        for (file, start) in declarations()[type] ?? [] {
            let lines = lines(ofFileID: file)
            for index in (start - 1)..<lines.count {
                let line = lines[index]
                let hit = isMethod ? line.containsText("func \(name)(") || line.containsText("func \(name)<")
                                   : line.containsText("var \(name):") || line.containsText("var \(name) ") || line.containsText("let \(name):")
                if hit { return (file, index + 1) }
            }
        }
        return nil
    }

    /// Where each type is declared or extended: one pass over every Swift source, the first time
    /// a line is looked for, so that each later question reads only its type's files.
    private func declarations() -> [String: [(file: String, line: Int)]] {
        if let known = cache.withLock({ $0.declared }) { return known }
        let files = cache.withLock { cache -> [String] in
            if cache.paths == nil { cache.paths = Self.listPaths() }
            return (cache.paths ?? [:]).keys.filter { $0.hasSuffix(".swift") }.sorted()
        }
        var declared: [String: [(file: String, line: Int)]] = [:]
        for file in files {
            for (index, line) in lines(ofFileID: file).enumerated() {
                if let type = Self.declaredType(in: line) { declared[type, default: []].append((file, index + 1)) }
            }
        }
        cache.withLock { $0.declared = declared }
        return declared
    }

    /// The type a line of code declares or extends ("final class AdderView: …" gives
    /// "AdderView"), if it does.
    private static func declaredType(in line: String) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = words.first, !first.hasPrefix("//"), !first.hasPrefix("*") else { return nil }
        guard let keyword = words.firstIndex(where: { Self.typeKeywords.contains($0) }), keyword + 1 < words.count else { return nil }
        let name = words[keyword + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    private static let typeKeywords: Set<Substring> = ["class", "struct", "enum", "protocol", "extension", "actor"]

    /// The sources' bundle, registered on first use.
    private static let registered = triad_sources_register() == 1

    /// Every source in the bundle, by its `#fileID` name (a view's `.ui` file by the same rule).
    private static func listPaths() -> [String: String] {
        guard registered else { return [:] }
        var paths: [String: String] = [:]
        func walk(_ folder: String, module: String) {
            for child in resourceChildren(root + folder) {
                if child.hasSuffix("/") {
                    walk(folder + child, module: module)
                } else if child.hasSuffix(".swift") || child.hasSuffix(".ui") {
                    paths["\(module)/\(child)"] = folder + child
                }
            }
        }
        for (folder, module) in modules { walk(folder + "/", module: module) }
        return paths
    }
}
