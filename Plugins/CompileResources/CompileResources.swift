import Foundation
import PackagePlugin

/// What the app needs beside its code, made by every build of the package (a plain `swift build`
/// as much as `make build`), into this plugin's work folder:
///
/// - the GResource bundle: the views' `.ui` files, the style sheets, the icons
///   (Resources/io.github.triad.Triad.gresource.xml), as C source the TriadResources target compiles;
/// - a second bundle of the app's own sources, which the Messages pane's Code tab shows, with the
///   map of where each member is declared when `make build` has made one for these sources
///   (build-aux/sources-bundle.sh says when it is used), as a file the pane opens when it first
///   needs it;
/// - the translations (Resources/po) and the GSettings schema, compiled into folders.
///
/// What is a file of its own (the sources bundle, the translations, the schema) is named by a
/// small C source, so that a run from the build folder finds it.
///
/// Each command is rerun only when one of its inputs changed.
@main
struct CompileResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let work = context.pluginWorkDirectoryURL
        let sources = package.appending(path: "Sources")
        let resources = package.appending(path: "Resources")
        let app = sources.appending(path: "Triad")

        // The first bundle: what its manifest names, found in Sources/Triad and Resources.
        let manifest = resources.appending(path: "io.github.triad.Triad.gresource.xml")
        let bundled =
            files(under: app, endingIn: [".ui"])
            + files(under: resources, endingIn: [".ui", ".css", ".svg", ".txt"])
        let bundleSource = work.appending(path: "resources.c")

        // The second bundle: every Swift and .ui file of the three modules, listed anew when the
        // package's files change (which makes SwiftPM ask this plugin again).
        let modules = ["GtkKit", "TriadModel", "Triad"].map { sources.appending(path: $0) }
        let sourceFiles = modules.flatMap { files(under: $0, endingIn: [".swift", ".ui"]) }
        let sourcesManifest = work.appending(path: "sources.gresource.xml")
        try writeIfChanged(sourcesManifestText(sourceFiles, relativeTo: sources), to: sourcesManifest)
        // Where `make build` writes the map for these sources; empty until it does.
        let map = work.appending(path: "source-map.tsv")
        if !FileManager.default.fileExists(atPath: map.path) { try Data().write(to: map) }
        let sourcesSource = work.appending(path: "sources.c")
        let sourcesScript = package.appending(path: "build-aux/sources-bundle.sh")
        let nameScript = package.appending(path: "build-aux/name-in-c.sh")

        let po = resources.appending(path: "po")
        let languages = files(under: po, endingIn: [".po"]) + [po.appending(path: "LINGUAS")]
        let localeSource = work.appending(path: "locale.c")
        let schema = resources.appending(path: "io.github.triad.Triad.gschema.xml")
        let schemaSource = work.appending(path: "schemas.c")
        let folderScript = package.appending(path: "build-aux/compile-folder.sh")

        return [
            .buildCommand(
                displayName: "Compiling the GResource bundle",
                executable: try system("glib-compile-resources"),
                arguments: [
                    "--sourcedir", app.path, "--sourcedir", resources.path, "--generate-source", "--manual-register",
                    "--c-name", "triad", "--target", bundleSource.path, manifest.path,
                ],
                inputFiles: [manifest] + bundled, outputFiles: [bundleSource]),
            .buildCommand(
                displayName: "Compiling the sources bundle",
                executable: try system("sh"),
                arguments: [sourcesScript.path, sourcesManifest.path, map.path, sources.path, sourcesSource.path],
                inputFiles: [sourcesScript, nameScript, sourcesManifest, map] + sourceFiles, outputFiles: [sourcesSource]),
            .buildCommand(
                displayName: "Compiling the translations",
                executable: try system("sh"),
                arguments: [folderScript.path, "locale", po.path, work.appending(path: "locale").path, localeSource.path],
                inputFiles: [folderScript, nameScript] + languages, outputFiles: [localeSource]),
            .buildCommand(
                displayName: "Compiling the GSettings schema",
                executable: try system("sh"),
                arguments: [folderScript.path, "schemas", schema.path, work.appending(path: "schemas").path, schemaSource.path],
                inputFiles: [folderScript, nameScript, schema], outputFiles: [schemaSource]),
        ]
    }

    /// The files under `folder` (its subfolders too) whose names end in one of `suffixes`, in order.
    private func files(under folder: URL, endingIn suffixes: [String]) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walk.compactMap { $0 as? URL }
            .filter { url in suffixes.contains { url.lastPathComponent.hasSuffix($0) } }
            .sorted { $0.path < $1.path }
    }

    private func sourcesManifestText(_ files: [URL], relativeTo sources: URL) -> String {
        let prefix = sources.path + "/"
        let entries = files.map { "    <file compressed=\"true\">\($0.path.dropFirst(prefix.count))</file>\n" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gresources>
              <gresource prefix="/io/github/triad/Triad/source">
            \(entries)    <file compressed="true">source-map.tsv</file>
              </gresource>
            </gresources>

            """
    }

    /// A program of the system's, found on the PATH the build was started with.
    private func system(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(filePath: String(folder)).appending(path: name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw MissingProgram(name: name)
    }

    /// Leaves a file that already says `text` alone, so that what reads it is not run again.
    private func writeIfChanged(_ text: String, to url: URL) throws {
        if (try? String(contentsOf: url, encoding: .utf8)) == text { return }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}

struct MissingProgram: Error, CustomStringConvertible {
    let name: String
    var description: String { "\(name) is not installed: `make deps` installs what building Triad needs" }
}
