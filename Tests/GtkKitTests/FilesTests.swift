import CGtk
import XCTest

@testable import GtkKit

/// Files.swift: the clipboard's text comes back to the program that asks for it, on the main loop.
final class FilesTests: DisplayTestCase {
    func testTheClipboardsTextIsReceived() {
        MainActor.assumeIsolated {
            let lines = (1...3).map { "Kiwis \($0),\($0)" }.joined(separator: "\n")
            Clipboard.setText(lines)
            var received: String??
            Clipboard.requestText { received = $0 }
            MainLoop.drain(until: { received != nil }, timeoutSeconds: 2)
            XCTAssertEqual(received, .some(lines))
        }
    }
}
