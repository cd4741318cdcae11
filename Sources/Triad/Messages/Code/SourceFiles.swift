import GtkKit
import TriadModel

/// The app's sources as the Code tab and the Source window show them: each page's files, the
/// language each is highlighted as, and, where the tree the app was built from is still on disk
/// (a developer's build, not an installed app or the flatpak), that file for the desktop's editor.
@MainActor
enum SourceFiles {
    /// A page's files: its folder of views and controllers, then its model's folder. The pages'
    /// folders are named after them ("users" → Triad/Users/, TriadModel/Users/).
    static func files(ofPage page: String) -> [String] {
        let folder = page.prefix(1).uppercased() + page.dropFirst()
        return SourceBundle.shared.paths(under: "Triad/\(folder)/") + SourceBundle.shared.paths(under: "TriadModel/\(folder)/")
    }

    /// The language GtkSourceView highlights a file as.
    static func language(of path: String) -> String { path.hasSuffix(".ui") ? "xml" : "swift" }

    /// The file on disk, if the tree the app was built from is there.
    static func onDisk(_ path: String) -> String? {
        let file = treeRoot + path
        return isFile(file) ? file : nil
    }

    /// An "Open in Editor" button: sensitive where `path`'s file is on disk, else saying why not.
    static func setEditorButton(_ button: Button, for path: String?) {
        let onDisk = path.flatMap(onDisk) != nil
        button.isSensitive = onDisk
        button.tooltip =
            onDisk
            ? L("Open this file in the desktop's text editor")
            : L("The source files are not on this computer: only a build from the source tree can open them.")
    }

    /// Hands `path`'s file on disk to the desktop's editor (through the portal in the flatpak);
    /// nil, or why it could not.
    static func openInEditor(_ path: String, over window: Window?) -> String? {
        guard let file = onDisk(path) else { return L("The source files are not on this computer.") }
        do {
            try openInDefaultProgram(file, over: window)
            return nil
        } catch {
            return error.message
        }
    }

    /// Where the sources were when this file was compiled: `#filePath` ends with its path under
    /// Sources/, which names the tree's root.
    private static let treeRoot: String = {
        let here = "\(#filePath)"
        let inTree = "Triad/Messages/Code/SourceFiles.swift"
        return here.hasSuffix(inTree) ? String(here.dropLast(inTree.count)) : "/nonexistent/"
    }()
}
