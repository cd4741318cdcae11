// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Address",
    dependencies: [
        // Triad's package, four folders up: its GtkKit library gives GTK's widgets as Swift types.
        .package(name: "Triad", path: "../../../..")
    ],
    targets: [
        .executableTarget(
            name: "Address",
            dependencies: [.product(name: "GtkKit", package: "Triad")],
            // The view's layout is read when the program runs, not compiled.
            exclude: ["AddressView.ui"]
        )
    ]
)
