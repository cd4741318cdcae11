// swift-tools-version:6.0
// Triad: MVC and MVP on the Linux desktop, Swift + GTK3 through its C API.
// Layers (each knows only those under it): C modules → GtkKit / TriadModel → triad (the app).
import PackageDescription

let package = Package(
    name: "Triad",
    targets: [
        // C bindings: a module map and one shim header each, nothing else.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk+-3.0", providers: [.apt(["libgtk-3-dev"])]),

        // Toolkit glue: lifetime, signals and target-action, main-loop hop, builder, tables. No features.
        .target(name: "GtkKit", dependencies: ["CGtk"]),
    ],
    swiftLanguageModes: [.v6]
)
