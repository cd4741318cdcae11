import GtkKit

/// Triad's own CSS (Resources/style.css), and its additions for dark themes
/// (Resources/style-dark.css), put on or taken off whenever the theme or its variant changes:
/// the desktop's style (which GtkKit's Appearance follows), `GTK_THEME=Adwaita:dark`, or a dark
/// theme.
@MainActor
enum Style {
    private static var base: StyleSheet?
    private static var dark: StyleSheet?

    static func load() {
        Appearance.followDesktopColorScheme()
        base = StyleSheet(resource: "\(AppInfo.resourceBase)/style.css")
        base?.apply()
        Appearance.onThemeChange { update() }
        update()
    }

    /// Whether the theme now in use is a dark one.
    static var themeIsDark: Bool { Appearance.themeIsDark }

    private static func update() {
        switch (themeIsDark, dark) {
        case (true, nil):
            dark = StyleSheet(resource: "\(AppInfo.resourceBase)/style-dark.css")
            dark?.apply()
        case (false, _?):
            dark = nil  // its deinit takes its rules out
        default:
            break
        }
    }
}
