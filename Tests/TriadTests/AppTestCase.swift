import CGtk
import GtkKit
import TriadModel
import TriadResources
import XCTest

@testable import triad

/// The app's own tests: its pages and the Messages pane's seam, made as the app makes them, on
/// real GTK widgets (under Xvfb, as `make test` runs them; without a display they are reported
/// as skipped, never as passed) and a store in memory.
class AppTestCase: XCTestCase {
    private static let hasDisplay: Bool = MainActor.assumeIsolated {
        guard gtk_init_check(nil, nil) != 0 else { return false }
        triad_register_resource()
        return true
    }

    override func setUpWithError() throws {
        try XCTSkipUnless(Self.hasDisplay, "no display: run under Xvfb (make test)")
    }
}

/// The app's model objects over a store of their own in memory.
@MainActor
func makeServices() throws -> AppServices {
    let store = try Store(inMemory: ())
    nonisolated(unsafe) let opened = AppServices.OpenedStore(store: store, notice: nil)
    return AppServices(opening: Pending { opened })
}

/// A main window for pages to be made in (not shown, and of no application: none runs here).
@MainActor
func makeWindow() -> ApplicationWindow {
    ApplicationWindow(
        unchecked: ObjectPointer(g_object_ref_sink(g_object_new_with_properties(gtk_application_window_get_type(), 0, nil, nil))!))
}

/// The page `name` as the app makes it (Shell/FeatureCatalog.swift), with the classic mistakes
/// `mistakes` switched on (none, as at every start).
@MainActor
func makePage(
    _ name: String, services: AppServices, window: ApplicationWindow, mistakes: ChosenMistakes = ChosenMistakes()
) throws -> PageController {
    let entry = try XCTUnwrap(FeatureCatalog.pages.first { $0.name == name }, "no page \(name)")
    return entry.make(services, window, mistakes)
}

/// Records what the Messages pane records while `body` runs, as if the pane were open.
@MainActor
func recording(_ body: () throws -> Void) rethrows -> [LoggedMessage] {
    let recorder = MessagesRecorder(flash: WidgetFlash())
    recorder.start(snapshot: { [] }, changed: {})
    defer { recorder.stop() }
    try body()
    return MessageLog.shared.messages
}
