// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Users",
    dependencies: [
        // Triad's package, four folders up: its GtkKit library gives GTK's widgets as Swift types.
        .package(name: "Triad", path: "../../../..")
    ],
    targets: [
        .executableTarget(
            name: "Users",
            dependencies: [.product(name: "GtkKit", package: "Triad")],
            // The view's layout is read when the program runs, not compiled.
            exclude: ["UsersViewController.ui"]
        ),
        // The presenter's tests: a mock service and a mock view, no window.
        .testTarget(name: "UsersTests", dependencies: ["Users"]),
    ]
)
