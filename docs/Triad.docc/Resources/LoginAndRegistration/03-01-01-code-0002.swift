// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Login",
    dependencies: [
        // Triad's package, four folders up: its GtkKit library gives GTK's widgets as Swift types.
        .package(name: "Triad", path: "../../../..")
    ],
    targets: [
        .executableTarget(
            name: "Login",
            dependencies: [.product(name: "GtkKit", package: "Triad")],
            // The views' layouts are read when the program runs, not compiled.
            exclude: ["LoginView.ui"]
        )
    ]
)
