import CGtk
import GtkKit

/// Follows the desktop's light or dark style, as GNOME Settings (Appearance) sets it: the
/// Settings portal's `org.freedesktop.appearance color-scheme` (0 no preference, 1 prefer dark,
/// 2 prefer light), read once at start and again whenever it changes, sets GTK's
/// `gtk-application-prefer-dark-theme`. The portal works inside and outside the flatpak; without
/// one (a bare X session), Triad keeps the theme's own style.
@MainActor
enum ColorScheme {
    private static let portal = BusObject(
        name: "org.freedesktop.portal.Desktop", path: "/org/freedesktop/portal/desktop",
        interface: "org.freedesktop.portal.Settings")
    private static let namespace = "org.freedesktop.appearance", key = "color-scheme"

    static func follow() {
        portal.subscribe("SettingChanged") { arguments in
            guard g_variant_n_children(arguments) == 3,
                string(arguments, 0) == namespace, string(arguments, 1) == key,
                let value = g_variant_get_child_value(arguments, 2)
            else { return }
            apply(value)
            g_variant_unref(value)
        }
        portal.call("Read", [g_variant_new_string(namespace), g_variant_new_string(key)]) { value in
            if let value { apply(value) }
        }
    }

    private static func apply(_ value: VariantPointer) {
        let unboxed = value.unboxedVariant
        defer { g_variant_unref(unboxed) }
        guard g_variant_classify(unboxed) == G_VARIANT_CLASS_UINT32 else { return }
        Appearance.prefersDarkStyle = g_variant_get_uint32(unboxed) == 1
    }

    private static func string(_ tuple: VariantPointer, _ index: Int) -> String? {
        guard let child = g_variant_get_child_value(tuple, gsize(index)) else { return nil }
        defer { g_variant_unref(child) }
        guard g_variant_classify(child) == G_VARIANT_CLASS_STRING, let text = g_variant_get_string(child, nil) else { return nil }
        return String(cString: text)
    }
}
