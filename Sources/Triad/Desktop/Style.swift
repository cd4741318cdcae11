import CGtk
import GtkKit

/// Triad's own CSS (Resources/style.css), and its additions for dark themes
/// (Resources/style-dark.css), put on or taken off whenever the theme or its variant changes:
/// the desktop's style (ColorScheme.swift), `GTK_THEME=Adwaita:dark`, or a dark theme.
@MainActor
enum Style {
    private static var dark: OpaquePointer?  // the dark additions' provider, while applied

    static func load() {
        add(provider(for: "style.css"))
        guard let settings = gtk_settings_get_default() else { return }
        for property in ["gtk-theme-name", "gtk-application-prefer-dark-theme"] {
            Object(unchecked: ObjectPointer(settings)).on(.notify(property)) { update() }
        }
        update()
    }

    /// Whether the theme now in use is a dark one: its window background, as the theme's CSS
    /// defines it, is darker than mid-grey (true for Adwaita-dark, HighContrastInverse…).
    static var themeIsDark: Bool {
        // A bare style context on the screen sees the theme's colours; no widget is needed.
        guard let context = gtk_style_context_new() else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        gtk_style_context_set_screen(context, gdk_screen_get_default())
        var background = GdkRGBA()
        guard gtk_style_context_lookup_color(context, "theme_bg_color", &background) != 0 else { return false }
        return 0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue < 0.5
    }

    private static func update() {
        switch (themeIsDark, dark) {
        case (true, nil):
            dark = provider(for: "style-dark.css")
            add(dark)
        case (false, let provider?):
            gtk_style_context_remove_provider_for_screen(gdk_screen_get_default(), provider)
            g_object_unref(UnsafeMutableRawPointer(provider))
            dark = nil
        default:
            break
        }
    }

    private static func provider(for file: String) -> OpaquePointer? {
        guard let provider = gtk_css_provider_new() else { return nil }
        gtk_css_provider_load_from_resource(provider, "\(AppInfo.resourceBase)/\(file)")
        return OpaquePointer(provider)
    }

    private static func add(_ provider: OpaquePointer?) {
        guard let provider else { return }
        gtk_style_context_add_provider_for_screen(
            gdk_screen_get_default(), provider,
            guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
