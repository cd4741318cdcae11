import CGtk

/// Pango's fonts, made ready while the application starts.
///
/// The first time anything asks Pango for its font map, Pango starts fontconfig on a thread of
/// its own: fontconfig reads and parses its XML configuration and maps its caches, and the first
/// widget that lays out text waits until it is done. Left to GTK, that first ask comes as the
/// first page is built, after GTK's own start, so the page waits for all of it. Asked as soon as
/// a launch is known to go on, the thread works while GTK connects to the display and the session
/// bus, which is mostly waiting for those servers. (docs/PERFORMANCE.md has the figures.)
public enum Fonts {
    /// Starts that work and returns at once. On the main thread: Pango's default font map is the
    /// calling thread's, and GTK asks for the main thread's.
    @MainActor public static func startLoading() {
        _ = pango_cairo_font_map_get_default()
    }
}
