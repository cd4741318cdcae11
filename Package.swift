// swift-tools-version: 6.3;(experimentalCGen)
// Triad: MVC and MVP on the Linux desktop, in Swift on GTK3 through its C API. `swift run triad`
// builds and starts it. (The first line's opt-in lets SwiftPM compile the C source the resource
// plugin writes.)
import PackageDescription

let package = Package(
    name: "Triad",
    // What another package may build on: the toolkit glue and the model, as libraries (each
    // tutorial's project, in docs/Tutorials, depends on them by path).
    products: [
        .library(name: "GtkKit", targets: ["GtkKit"]),
        .library(name: "TriadModel", targets: ["TriadModel"]),
    ],
    targets: [
        // C libraries, each a module map and one header: GTK, GLib alone (the model's Unicode
        // folding), SQLite, libxcrypt, gettext, libpwquality and GtkSourceView 4 (both opened
        // when first used, so not linked).
        .systemLibrary(name: "CGtk", pkgConfig: "gtk+-3.0", providers: [.apt(["libgtk-3-dev"])]),
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCrypt", pkgConfig: "libxcrypt", providers: [.apt(["libcrypt-dev"])]),
        .systemLibrary(name: "CIntl"),
        .systemLibrary(name: "CPWQuality", providers: [.apt(["libpwquality-dev"])]),
        .systemLibrary(name: "CGtkSourceView"),

        // The .ui files, style sheets, icons, translations and settings schema, compiled by the
        // plugin in every build.
        .plugin(name: "CompileResources", capability: .buildTool()),
        .target(name: "TriadResources", dependencies: ["CGtk"], plugins: ["CompileResources"]),

        // Toolkit glue: typed widgets, signals and target-action, the main loop. No features.
        .target(name: "GtkKit", dependencies: ["CGtk", "CGtkSourceView"]),

        // The model: the lessons' logic, storage and validation, presenters. Never imports CGtk.
        .target(name: "TriadModel", dependencies: ["CSQLite", "CCrypt", "CIntl", "CGLib", "CPWQuality"]),

        // The app: the shell, and one folder per lesson with its views (and their .ui files,
        // which the plugin compiles) and controllers.
        .executableTarget(
            name: "triad", dependencies: ["GtkKit", "TriadModel", "TriadResources"], path: "Sources/Triad",
            exclude: [
                "Shell/MainWindowView.ui", "Adder/AdderView.ui", "Adder/AdderPage.ui", "Address/AddressView.ui",
                "Login/LoginView.ui", "Login/RegisterView.ui", "Users/UsersViewController.ui",
                "UserFiles/UserFilesView.ui", "UserFiles/ImportPreviewView.ui", "UserFiles/TransferView.ui",
                "Note/NoteView.ui", "Note/FlipsideView.ui", "Chart/ChartPage.ui", "Chart/ValuesView.ui",
                "Chart/BarChartView.ui", "Chart/PieChartView.ui", "Messages/MessagesView.ui",
                "Messages/Code/SourceWindow.ui",
            ]),

        .testTarget(name: "TriadModelTests", dependencies: ["TriadModel"]),
        .testTarget(name: "GtkKitTests", dependencies: ["GtkKit"]),
        .testTarget(name: "TriadTests", dependencies: ["triad", "CGtk", "TriadResources"]),

        // For the tests and `make bench`: a store saving in a loop until killed (the crash-safety
        // test), and figures measured inside one process.
        .executableTarget(name: "triad-store-stress", dependencies: ["TriadModel"], path: "Tests/StoreStress"),
        .executableTarget(name: "triad-bench", dependencies: ["GtkKit", "TriadModel"], path: "benchmarks/TriadBench"),
    ],
    swiftLanguageModes: [.v6]
)
