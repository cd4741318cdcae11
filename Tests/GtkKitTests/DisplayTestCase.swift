import CGtk
import XCTest

/// GtkKit's tests run against real GTK objects. They need a display (`make test` runs them under
/// Xvfb); without one they are reported as skipped, never as passed. One test file per GtkKit
/// source file, each a subclass of this.
class DisplayTestCase: XCTestCase {
    private static let hasDisplay: Bool = MainActor.assumeIsolated { gtk_init_check(nil, nil) != 0 }

    override func setUpWithError() throws {
        try XCTSkipUnless(Self.hasDisplay, "no display: run under Xvfb (make test)")
    }
}
