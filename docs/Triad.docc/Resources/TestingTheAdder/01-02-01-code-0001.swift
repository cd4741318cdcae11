// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Adder",
    dependencies: [
        // Triad's package, four folders up: its GtkKit library gives GTK's widgets as Swift types.
        .package(name: "Triad", path: "../../../..")
    ],
    targets: [
        .executableTarget(
            name: "Adder",
            dependencies: [.product(name: "GtkKit", package: "Triad")],
            // The view's layout is read when the program runs, not compiled.
            exclude: ["AdderView.ui"]
        ),
        // The model's tests: they use the program's module, and need no window.
        .testTarget(name: "AdderTests", dependencies: ["Adder"]),
    ]
)
