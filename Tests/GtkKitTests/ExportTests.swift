import CGtk
import Glibc
import XCTest

@testable import GtkKit

/// Export.swift and the drawing additions of Canvas.swift: the same drawing code makes a PNG of
/// the size asked for and an SVG of that size in pixels; a redraw of a drawing area is a view
/// update the watcher hears of.
final class ExportTests: DisplayTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = String(cString: g_dir_make_tmp("gtkkit-export-XXXXXX", nil))
    }

    override func tearDown() {
        _ = try? FileManagerless.removeFolder(folder)
        super.tearDown()
    }

    /// A red square on blue, with a line of text: what each test draws.
    @MainActor private static func draw(_ canvas: Canvas) {
        canvas.paint(Color(hex: 0x0000FF))
        canvas.setColor(Color(hex: 0xFF0000))
        canvas.rectangle(Rectangle(x: 4, y: 4, width: 8, height: 8))
        canvas.fill()
        canvas.setColor(Color(hex: 0xFFFFFF))
        canvas.drawText("Apples, 38 %", x: 16, y: 4)
    }

    private static func bytes(_ path: String) -> [UInt8] {
        var contents: UnsafeMutablePointer<CChar>?
        var length: gsize = 0
        guard g_file_get_contents(path, &contents, &length, nil) != 0, let contents else { return [] }
        defer { g_free(contents) }
        return contents.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

    func testAPNGHasTheSizeAskedForAndWhatWasDrawn() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let path = folder + "/chart.png"
            try writeImage(.png, to: path, width: 64, height: 48) { Self.draw($0) }
            let png = Self.bytes(path)
            XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG signature")
            // IHDR, the first chunk: width and height, big-endian, at bytes 16 and 20.
            func word(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            XCTAssertEqual(word(16), 64)
            XCTAssertEqual(word(20), 48)
            let image = cairo_image_surface_create_from_png(path)
            defer { cairo_surface_destroy(image) }
            let data = cairo_image_surface_get_data(image)!
            let stride = Int(cairo_image_surface_get_stride(image))
            func pixel(_ x: Int, _ y: Int) -> UInt32 {
                data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
            }
            XCTAssertEqual(pixel(8, 8), 0xFFFF_0000, "the square")
            XCTAssertEqual(pixel(60, 44), 0xFF00_00FF, "the background")
        }
    }

    func testAnSVGHasTheSizeAskedForInPixelsAndItsShapes() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let path = folder + "/chart.svg"
            try writeImage(.svg, to: path, width: 640, height: 480) { Self.draw($0) }
            let svg = String(decoding: Self.bytes(path), as: UTF8.self)
            XCTAssertTrue(svg.contains("<svg"), svg)
            XCTAssertTrue(svg.contains("width=\"640px\"") && svg.contains("height=\"480px\""), String(svg.prefix(300)))
            XCTAssertTrue(svg.contains("rgb(100%, 0%, 0%)") || svg.contains("rgb(100%,0%,0%)"), "the red square is a shape")
        }
    }

    func testTheFormatFollowsTheName() {
        XCTAssertEqual(ImageFormat(fileName: "chart.png"), .png)
        XCTAssertEqual(ImageFormat(fileName: "Chart.SVG"), .svg)
        XCTAssertNil(ImageFormat(fileName: "chart.jpg"))
        XCTAssertNil(ImageFormat(fileName: "png"))
    }

    func testAFolderThatIsNotThereIsAFileErrorAndNoFile() {
        let folder = self.folder
        MainActor.assumeIsolated {
            let path = folder + "/missing/chart.png"
            do throws(FileError) {
                try writeImage(.png, to: path, width: 8, height: 8) { Self.draw($0) }
                XCTFail("written into a folder that is not there")
            } catch {
                XCTAssertFalse(error.message.isEmpty)
            }
            XCTAssertFalse(isFile(path))
        }
    }

    func testARedrawIsAViewUpdateTheWatcherHearsOf() {
        MainActor.assumeIsolated {
            final class Listener: Watcher {
                var updated: [Widget] = []
                func widgetUpdated(_ widget: Widget) { updated.append(widget) }
            }
            let area = Owned<DrawingArea>(made(gtk_drawing_area_new()))
            let listener = Listener()
            area.object.queueDraw()
            Watching.add(listener)
            defer { Watching.remove(listener) }
            area.object.queueDraw()
            XCTAssertEqual(listener.updated, [], "a plain redraw (a resize, a theme) is not one")
            area.object.redraw()
            XCTAssertEqual(listener.updated, [area.object.widget])
        }
    }

    func testPointsAndAnglesOnACircle() {
        MainActor.assumeIsolated {
            let point = Canvas.point(aroundX: 10, 10, radius: 5, at: -Double.pi / 2)
            XCTAssertEqual(point.x, 10, accuracy: 1e-9)
            XCTAssertEqual(point.y, 5, accuracy: 1e-9, "minus a quarter turn is twelve o'clock")
            XCTAssertEqual(Canvas.angle(ofX: 10, 20, fromX: 10, 10), Double.pi / 2, accuracy: 1e-9, "below is a quarter turn clockwise")
        }
    }

    func testAnOffscreenDrawingIsMadeOnce() {
        MainActor.assumeIsolated {
            var calls = 0
            drawOffscreen(width: 40, height: 30) { _ in calls += 1 }
            XCTAssertEqual(calls, 1)
        }
    }

    func testHatchingFillsAShapeWithDiagonalLines() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let path = folder + "/hatched.png"
            try writeImage(.png, to: path, width: 24, height: 24) { canvas in
                canvas.paint(Color(hex: 0xFFFFFF))
                canvas.rectangle(Rectangle(x: 0, y: 0, width: 12, height: 24))
                canvas.setHatching(Color(hex: 0x000000), spacing: 6, width: 2)
                canvas.fill()
            }
            let image = cairo_image_surface_create_from_png(path)
            defer { cairo_surface_destroy(image) }
            let data = cairo_image_surface_get_data(image)!
            let stride = Int(cairo_image_surface_get_stride(image))
            func isDark(_ x: Int, _ y: Int) -> Bool {
                data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee } & 0xFF < 0x80
            }
            // A line wherever x + y is a multiple of 6 (pixel centres at x + 0.5, y + 0.5), on the
            // filled half only.
            XCTAssertTrue(isDark(2, 3) && isDark(5, 6) && isDark(8, 9) && isDark(11, 12), "on the lines")
            XCTAssertFalse(isDark(1, 1) || isDark(3, 5) || isDark(7, 7), "between the lines")
            XCTAssertFalse((0..<24).contains { isDark(18, $0) }, "nothing outside the shape")
        }
    }
}

/// Removes a test's folder and what is in it (no Foundation in these tests).
private enum FileManagerless {
    static func removeFolder(_ path: String) throws {
        guard let dir = g_dir_open(path, 0, nil) else { return }
        while let name = g_dir_read_name(dir) { unlink(path + "/" + String(cString: name)) }
        g_dir_close(dir)
        rmdir(path)
    }
}
