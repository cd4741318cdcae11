import CGtk

// How the application looks: the desktop's light or dark style, the theme's own darkness, and
// the app's style sheets.

/// How the application looks, as GTK's settings and the desktop say.
@MainActor
public enum Appearance {
    /// Whether the application asks for the theme's dark style (the desktop's colour scheme).
    public static var prefersDarkStyle: Bool {
        get { settings.map { booleanProperty($0, "gtk-application-prefer-dark-theme") } ?? false }
        set { settings.map { setBooleanProperty($0, "gtk-application-prefer-dark-theme", newValue) } }
    }

    /// Whether the theme now in use is a dark one: its window background, as the theme's CSS
    /// defines it, is darker than mid-grey (true for Adwaita-dark, HighContrastInverse…).
    public static var themeIsDark: Bool {
        // A bare style context on the screen sees the theme's colours; no widget is needed.
        guard let context = gtk_style_context_new() else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        gtk_style_context_set_screen(context, gdk_screen_get_default())
        var background = GdkRGBA()
        guard gtk_style_context_lookup_color(context, "theme_bg_color", &background) != 0 else { return false }
        return 0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue < 0.5
    }

    /// Calls `handler` whenever the theme or its dark variant changes (a `GTK_THEME`, the
    /// desktop's style), for the life of the process.
    public static func onThemeChange(_ handler: @escaping @MainActor () -> Void) {
        guard let settings else { return }
        for property in ["gtk-theme-name", "gtk-application-prefer-dark-theme"] {
            Object(unchecked: ObjectPointer(settings)).on(.notify(property)) { handler() }
        }
    }

    /// Follows the desktop's light or dark style, as GNOME Settings (Appearance) sets it: the
    /// Settings portal's `org.freedesktop.appearance color-scheme` (0 no preference, 1 prefer
    /// dark, 2 prefer light), read once now and again whenever it changes, sets
    /// `prefersDarkStyle`. The portal answers inside and outside a flatpak; without one (a bare X
    /// session), the theme's own style stays.
    public static func followDesktopColorScheme() {
        let portal = BusObject(
            name: "org.freedesktop.portal.Desktop", path: "/org/freedesktop/portal/desktop",
            interface: "org.freedesktop.portal.Settings")
        let namespace = "org.freedesktop.appearance"
        let key = "color-scheme"
        portal.subscribe("SettingChanged") { arguments in
            guard g_variant_n_children(arguments) == 3,
                string(arguments, 0) == namespace, string(arguments, 1) == key,
                let value = g_variant_get_child_value(arguments, 2)
            else { return }
            applyColorScheme(value)
            g_variant_unref(value)
        }
        portal.call("Read", [g_variant_new_string(namespace), g_variant_new_string(key)]) { value in
            if let value { applyColorScheme(value) }
        }
    }

    private static var settings: UnsafeMutablePointer<GObject>? {
        gtk_settings_get_default().map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GObject.self) }
    }

    private static func applyColorScheme(_ value: VariantPointer) {
        let unboxed = value.unboxedVariant
        defer { g_variant_unref(unboxed) }
        guard g_variant_classify(unboxed) == G_VARIANT_CLASS_UINT32 else { return }
        prefersDarkStyle = g_variant_get_uint32(unboxed) == 1
    }

    private static func string(_ tuple: VariantPointer, _ index: Int) -> String? {
        guard let child = g_variant_get_child_value(tuple, gsize(index)) else { return nil }
        defer { g_variant_unref(child) }
        guard g_variant_classify(child) == G_VARIANT_CLASS_STRING, let text = g_variant_get_string(child, nil) else { return nil }
        return String(cString: text)
    }
}

/// A style sheet (CSS) from the app's resource bundle, applied to every widget on the screen
/// above the theme's own rules.
@MainActor
public final class StyleSheet {
    private let provider: UnsafeMutablePointer<GtkCssProvider>
    private var applied = false

    /// The style sheet at `resource` (a path in a registered GResource bundle).
    public init(resource: String) {
        provider = gtk_css_provider_new()
        gtk_css_provider_load_from_resource(provider, resource)
    }

    isolated deinit {
        remove()
        g_object_unref(UnsafeMutableRawPointer(provider))
    }

    /// Puts its rules in effect, over the theme's.
    public func apply() {
        guard !applied else { return }
        applied = true
        gtk_style_context_add_provider_for_screen(
            gdk_screen_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// Takes its rules back out.
    public func remove() {
        guard applied else { return }
        applied = false
        gtk_style_context_remove_provider_for_screen(gdk_screen_get_default(), OpaquePointer(provider))
    }
}
