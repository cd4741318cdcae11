// swift-tools-version:6.0
// Triad: MVC and MVP on the Linux desktop, Swift + GTK3 through its C API.
// Layers (each knows only those under it): C modules → GtkKit / TriadModel → triad (the app).
import PackageDescription

let package = Package(
    name: "Triad",
    targets: [
        // C bindings: a module map and one shim header each, nothing else.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk+-3.0", providers: [.apt(["libgtk-3-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCrypt", pkgConfig: "libxcrypt", providers: [.apt(["libcrypt-dev"])]),
        .systemLibrary(name: "CIntl"),
        // libpwquality: the password strength GNOME Settings shows (score and reason). Not
        // linked: the meter opens it on first use (PasswordMeter.swift), so a start that shows no
        // registration dialog does not load it and its dictionary. Its header comes from the
        // system's include path (the flatpak adds /app/include through CPATH).
        .systemLibrary(name: "CPWQuality", providers: [.apt(["libpwquality-dev"])]),
        // GLib alone (no UI): Unicode normalisation and case folding for the model.
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),

        // Toolkit glue: lifetime, signals and target-action, main-loop hop, builder, tables. No features.
        .target(name: "GtkKit", dependencies: ["CGtk"]),

        // The model: UI-free logic, storage, validation, presenters. Never imports CGtk.
        .target(name: "TriadModel", dependencies: ["CSQLite", "CCrypt", "CIntl", "CGLib", "CPWQuality"]),
    ],
    swiftLanguageModes: [.v6]
)
