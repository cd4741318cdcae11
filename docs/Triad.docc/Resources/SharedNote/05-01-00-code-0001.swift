// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Note",
    dependencies: [
        // Triad's package, four folders up: GtkKit for the widgets, TriadModel for the observer
        // list and the notification hub.
        .package(name: "Triad", path: "../../../..")
    ],
    targets: [
        .executableTarget(
            name: "Note",
            dependencies: [
                .product(name: "GtkKit", package: "Triad"),
                .product(name: "TriadModel", package: "Triad"),
            ]
        )
    ]
)
