/// Facts about the app that appear in several places (D-Bus name, desktop file, flatpak, About).
enum AppInfo {
    /// The application id: the GApplication id, the flatpak app id, the desktop file's name.
    static let id = "io.github.triad.Triad"
    static let name = "Triad"
    static let version = "0.1.0"
    /// Where the GResource bundle is mounted (see Resources/io.github.triad.Triad.gresource.xml).
    static let resourceBase = "/io/github/triad/Triad"

    static func ui(_ file: String) -> String { "\(resourceBase)/ui/\(file)" }
}
