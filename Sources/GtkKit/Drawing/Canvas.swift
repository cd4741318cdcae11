import CGtk
import Glibc

// Drawing with cairo, in Swift terms: a widget's `.draw` signal hands its handler a `Canvas`, and
// the same drawing code can paint into a PNG or SVG file (Export.swift). GTK scales a widget's
// canvas for HiDPI, so drawing code works in application pixels and stays sharp at scale 2.

/// A colour, each channel 0…1.
public struct Color: Equatable, Sendable {
    /// The red, green, blue and alpha channels, each from 0 to 1.
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// A colour from its channels, opaque unless `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From a hex triplet such as 0x0072B2.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// The way from this colour to `other`, `t` of the way (0 is this, 1 is `other`).
    public func mixed(with other: Color, _ t: Double) -> Color {
        Color(
            red: red + (other.red - red) * t, green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// Relative luminance (sRGB weights, as WCAG computes contrast): below 0.5 is dark.
    public var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

    init(_ rgba: GdkRGBA) { self.init(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha) }
}

extension WidgetProtocol {
    /// The colour the theme gives its text in this widget.
    @MainActor public var textColor: Color {
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(gtkWidget), GTK_STATE_FLAG_NORMAL, &color)
        return Color(color)
    }

    /// A colour the theme names (`theme_selected_bg_color`, `theme_bg_color`…), if it has it.
    @MainActor public func themeColor(_ name: String) -> Color? {
        var color = GdkRGBA()
        return gtk_style_context_lookup_color(gtk_widget_get_style_context(gtkWidget), name, &color) != 0 ? Color(color) : nil
    }
}

/// What to draw on: a widget's area while it draws, or an image being exported.
public struct Canvas {
    let context: OpaquePointer
}

@MainActor
extension Canvas {
    /// The colour of what is drawn next.
    public func setColor(_ color: Color) { cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha) }

    /// Diagonal lines of `color`, `width` wide, one every `spacing` pixels across, as what is
    /// filled next: a repeating tile, so that a shape is hatched in one fill, with no clip and no
    /// stroke per line.
    public func setHatching(_ color: Color, spacing: Int, width: Double) {
        guard let tile = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(spacing), gint(spacing)) else { return }
        defer { cairo_surface_destroy(tile) }
        if let painter = cairo_create(tile) {
            cairo_set_source_rgba(painter, color.red, color.green, color.blue, color.alpha)
            cairo_set_line_width(painter, width)
            // The tile's line and the ends of its neighbours' lines, so that lines meet across tiles.
            for shift in [-spacing, 0, spacing] {
                cairo_move_to(painter, Double(shift), Double(spacing))
                cairo_line_to(painter, Double(shift + spacing), 0)
            }
            cairo_stroke(painter)
            cairo_destroy(painter)
        }
        guard let pattern = cairo_pattern_create_for_surface(tile) else { return }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        cairo_set_source(context, pattern)
        cairo_pattern_destroy(pattern)  // the context holds it while it is the source
    }
    /// The width of the lines stroked next, in application pixels.
    public func setLineWidth(_ width: Double) { cairo_set_line_width(context, width) }

    /// Dashes for the lines drawn next (none: solid).
    public func setDash(_ pattern: [Double]) {
        var pattern = pattern
        cairo_set_dash(context, &pattern, gint(pattern.count), 0)
    }

    /// Starts a new piece of the path at (x, y).
    public func move(to x: Double, _ y: Double) { cairo_move_to(context, x, y) }
    /// Adds a straight line from the current point to (x, y).
    public func line(to x: Double, _ y: Double) { cairo_line_to(context, x, y) }
    /// Closes the path's current piece with a line back to its start.
    public func closePath() { cairo_close_path(context) }
    /// Adds `rectangle` to the path.
    public func rectangle(_ rectangle: Rectangle) {
        cairo_rectangle(context, rectangle.x, rectangle.y, rectangle.width, rectangle.height)
    }

    /// An arc around (x, y), clockwise from `start` to `end` (radians, 0 at three o'clock).
    public func arc(centerX x: Double, _ y: Double, radius: Double, from start: Double, to end: Double) {
        cairo_arc(context, x, y, radius, start, end)
    }

    /// Begins a new path, forgetting the current one.
    public func newPath() { cairo_new_path(context) }

    /// Keeps the drawing state (colour, line, clip, transformation) to go back to with `restore`.
    public func save() { cairo_save(context) }
    public func restore() { cairo_restore(context) }

    /// Draws only inside the current path from now on (until `restore`); the path is used up.
    public func clip() { cairo_clip(context) }

    /// Moves the origin to (x, y).
    public func translate(_ x: Double, _ y: Double) { cairo_translate(context, x, y) }

    /// Scales what is drawn next by `x` across and `y` down.
    public func scale(_ x: Double, _ y: Double) { cairo_scale(context, x, y) }

    /// Fills the path; `keeping` it for a stroke after.
    public func fill(keeping: Bool = false) { if keeping { cairo_fill_preserve(context) } else { cairo_fill(context) } }
    /// Draws the path's lines, in the colour and width set, and starts a new path.
    public func stroke() { cairo_stroke(context) }

    /// The point at `angle` (radians, clockwise from three o'clock, as `arc` counts) on a circle
    /// of `radius` around (x, y).
    public static func point(aroundX x: Double, _ y: Double, radius: Double, at angle: Double) -> (x: Double, y: Double) {
        (x + radius * cos(angle), y + radius * sin(angle))
    }

    /// The angle (radians, clockwise from three o'clock, -π…π) at which (x, y) is seen from
    /// (fromX, fromY): which slice of a pie a point is over.
    public static func angle(ofX x: Double, _ y: Double, fromX: Double, _ fromY: Double) -> Double {
        atan2(y - fromY, x - fromX)
    }

    /// Fills the whole canvas with `color` (an exported image's background).
    public func paint(_ color: Color) {
        setColor(color)
        cairo_paint(context)
    }

    /// Text in the font the widget uses (or the desktop's, for an exported image).
    public func textSize(_ text: String, font: Font = .body) -> (width: Double, height: Double) {
        let layout = self.layout(text, font)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: gint = 0
        var height: gint = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (Double(width), Double(height))
    }

    /// Draws `text` with its top left corner at (x, y).
    public func drawText(_ text: String, x: Double, y: Double, font: Font = .body) {
        let layout = self.layout(text, font)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        cairo_move_to(context, x, y)
        pango_cairo_show_layout(context, layout)
    }

    /// A font for canvas text: the interface font, at a relative size, bold or not.
    public struct Font: Sendable {
        /// The size relative to the interface font (1 is the same size).
        public var scale: Double
        /// Whether the text is bold.
        public var bold: Bool
        /// A font `scale` times the interface font's size, bold or not.
        public init(scale: Double = 1, bold: Bool = false) {
            self.scale = scale
            self.bold = bold
        }
        /// The interface font as it is.
        public static let body = Font()
    }

    private func layout(_ text: String, _ font: Font) -> OpaquePointer {
        let layout = pango_cairo_create_layout(context)!
        let description = pango_font_description_from_string("Sans")!
        if let settings = gtk_settings_get_default() {
            var value = GValue()
            g_value_init(&value, stringType)
            g_object_get_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "gtk-font-name", &value)
            if let name = g_value_get_string(&value) {
                let fromSettings = pango_font_description_from_string(name)!
                pango_font_description_merge(description, fromSettings, 1)
                pango_font_description_free(fromSettings)
            }
            g_value_unset(&value)
        }
        let size = pango_font_description_get_size(description)
        pango_font_description_set_size(description, gint(Double(size > 0 ? size : 10 * PANGO_SCALE) * font.scale))
        if font.bold { pango_font_description_set_weight(description, PANGO_WEIGHT_BOLD) }
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_text(layout, text, -1)
        return layout
    }
}

/// A widget that is only a place to draw (a diagram, a chart).
public struct DrawingArea: WidgetProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_drawing_area_get_type() }

    /// Draws it again in the next frame because what it shows changed: a view update, which the
    /// watcher hears of (as it hears of a label's new text). A redraw for any other reason (a
    /// resize, a theme) is `queueDraw`.
    @MainActor public func redraw() {
        queueDraw()
        for watcher in Watching.watchers { watcher.widgetUpdated(widget) }
    }
}

extension WidgetProtocol {
    /// Paints the widget's CSS background and border on `canvas` (a drawing area paints none of
    /// its own): the theme's, and any a style class gives it.
    @MainActor public func renderBackground(on canvas: Canvas) {
        let (width, height) = allocatedSize
        let style = gtk_widget_get_style_context(gtkWidget)
        gtk_render_background(style, canvas.context, 0, 0, Double(width), Double(height))
        gtk_render_frame(style, canvas.context, 0, 0, Double(width), Double(height))
    }

    /// Draws the widget and everything inside it on `canvas`, as it is drawn on screen (to put a
    /// part of a window in an image file).
    @MainActor public func draw(on canvas: Canvas) { gtk_widget_draw(gtkWidget, canvas.context) }
}
