import CGtk

// Pictures in files: the drawing code that paints a widget paints a cairo image surface (PNG) or
// an SVG surface just as well, given a `Canvas` on it. The file is made in memory and written
// whole (`writeFile`), so a failed write never leaves half a picture where the old one was.

/// The kinds of picture file a canvas can become.
public enum ImageFormat: Sendable, Equatable {
    /// Pixels, at the size asked for.
    case png
    /// Shapes and text, scalable; the size asked for is its width and height in pixels.
    case svg

    /// The format a file name's extension says (`.png`, `.svg`, in any case), if one.
    public init?(fileName: String) {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".png") {
            self = .png
        } else if lower.hasSuffix(".svg") {
            self = .svg
        } else {
            return nil
        }
    }
}

/// Draws a `width` × `height` picture with `draw` and writes it to `path` as `format`.
@MainActor
public func writeImage(
    _ format: ImageFormat, to path: String, width: Int, height: Int, draw: (Canvas) -> Void
) throws(FileError) {
    let sink = ByteSink()
    let data = Unmanaged.passUnretained(sink).toOpaque()
    let write: cairo_write_func_t = { closure, bytes, length in
        guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(
            contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
    let surface: OpaquePointer?
    switch format {
    case .png: surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(width), gint(height))
    case .svg: surface = cairo_svg_surface_create_for_stream(write, data, Double(width), Double(height))
    }
    guard let surface else { throw FileError(message: "cairo made no surface") }
    defer { cairo_surface_destroy(surface) }
    // In pixels, as a PNG of the same size: a program showing it draws it at that size (in
    // points, cairo's default, it would be a third larger at the desktop's 96 pixels an inch).
    if format == .svg { cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX) }
    guard let context = cairo_create(surface) else { throw FileError(message: "cairo made no context") }
    draw(Canvas(context: context))
    let drawn = cairo_status(context)
    cairo_destroy(context)
    if format == .png, drawn == CAIRO_STATUS_SUCCESS {
        let status = cairo_surface_write_to_png_stream(surface, write, data)
        guard status == CAIRO_STATUS_SUCCESS else { throw FileError(message: String(cString: cairo_status_to_string(status))) }
    }
    cairo_surface_finish(surface)  // an SVG surface writes its end now
    let status = drawn != CAIRO_STATUS_SUCCESS ? drawn : cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else { throw FileError(message: String(cString: cairo_status_to_string(status))) }
    try writeFile(path, bytes: sink.bytes)
}

/// Draws with `draw` on a `width` × `height` image in memory, then drops it: what a drawing costs
/// without a window or a file (benchmarks). Painting on an image is done when each call returns.
@MainActor
public func drawOffscreen(width: Int, height: Int, _ draw: (Canvas) -> Void) {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(width), gint(height)) else { return }
    defer { cairo_surface_destroy(surface) }
    guard let context = cairo_create(surface) else { return }
    defer { cairo_destroy(context) }
    draw(Canvas(context: context))
}

/// Where cairo's stream writes go while a picture is made.
private final class ByteSink {
    var bytes: [UInt8] = []
}

/// Writes `bytes` to `path` (a new file in the folder, then renamed over the old one).
public func writeFile(_ path: String, bytes: [UInt8]) throws(FileError) {
    var error: UnsafeMutablePointer<GError>?
    let written = bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.map { start in
            start.withMemoryRebound(to: CChar.self, capacity: buffer.count) { g_file_set_contents(path, $0, gssize(buffer.count), &error) }
        } ?? g_file_set_contents(path, "", 0, &error)
    }
    if written == 0 { throw FileError(message: takeMessage(&error)) }
}
