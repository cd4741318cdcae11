import GtkKit
import Synchronization
import TriadResources

/// The app's own sources (Swift, and the views' GtkBuilder files), as a resource bundle of their
/// own that every build makes beside the program (under `source/`, one folder per target; `make
/// install` installs it), with the map `make build` made of where each member is declared
/// (SourceMap.swift): what the Messages pane shows as code. The bundle is opened, and a file read,
/// only when the pane first asks.
final class SourceBundle: Sendable {
    static let shared = SourceBundle()

    /// Where the sources are in the bundle.
    static let root = "\(AppInfo.resourceBase)/source/"
    /// The module each source folder builds, as `#fileID` names it.
    private static let modules = ["Triad": "triad", "TriadModel": "TriadModel", "GtkKit": "GtkKit"]

    /// "triad/AdderView.swift" → "Triad/Adder/MVC/AdderView.swift", made on first use.
    private let paths = Mutex<[String: String]?>(nil)

    /// The path inside `source/` of a file named as `#fileID` names it ("triad/AdderView.swift"),
    /// or nil when the bundle has no such source.
    func path(ofFileID fileID: String) -> String? { allPaths()[fileID] }

    /// Every file of the bundle under `folder` ("Triad/Adder/"), subfolders included, as paths
    /// inside `source/`.
    func paths(under folder: String) -> [String] { allPaths().values.filter { $0.hasPrefix(folder) }.sorted() }

    /// The text of a file of the bundle, by its path inside `source/`.
    func text(ofPath path: String) -> String? {
        guard Self.registered else { return nil }
        return resourceText(Self.root + path)
    }

    private func allPaths() -> [String: String] {
        paths.withLock { paths in
            if let paths { return paths }
            let listed = Self.listPaths()
            paths = listed
            return listed
        }
    }

    /// The sources' bundle, registered on first use: the installed copy
    /// (`<prefix>/share/io.github.triad.Triad/sources.gresource` for `<prefix>/bin/triad`), else
    /// the one the build made.
    private static let registered: Bool = {
        let installed = Program.installPrefix.map { "\($0)/share/\(AppInfo.id)/sources.gresource" }
        if let installed, isFile(installed) { return registerResourceBundle(file: installed) }
        return registerResourceBundle(file: String(cString: triad_built_sources_bundle()))
    }()

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
