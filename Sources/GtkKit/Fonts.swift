import CGtk

/// Pango's fonts, made ready while the application starts.
///
/// The first time anything asks Pango for its font map, Pango starts fontconfig on a thread of
/// its own ("[pango] FcInit"): fontconfig reads and parses its XML configuration (/etc/fonts and
/// its conf.d, ~24 M instructions) and maps its caches, and the first widget that lays out text
/// waits until it is done. Left to GTK, that first ask comes as the first page is built (its
/// labels and entries), after GTK's own start, so the page waits for the whole of it: building
/// the adder page took 7.0 ms instead of 2.8 (#16, docs/BENCHMARKS.md). Asked as soon as a launch
/// is known to go on, the thread runs while GTK connects to the display and the session bus,
/// which is mostly waiting for those servers.
public enum Fonts {
    /// Starts that work and returns at once. On the main thread: Pango's default font map is the
    /// calling thread's, and GTK asks for the main thread's.
    @MainActor public static func startLoading() {
        _ = pango_cairo_font_map_get_default()
    }
}
