import XCTest

@testable import GtkKit

/// ShouldClose.swift: a *should close* answered by work that ends before the question returns or
/// after it.
final class ShouldCloseTests: XCTestCase {
    struct Failed: Error {}

    /// What the window sees: the answer, and each call of `proceed`.
    @MainActor final class Window {
        var proceeded = 0
        var finish: ((Failed?) -> Void)?

        /// Asks the question of work that ends at once with `endingAtOnce`, or (nil) later.
        func ask(endingAtOnce ending: Failed?? = nil) -> Bool {
            closeNowOrLater(
                after: { (done: @escaping @MainActor (Failed?) -> Void) in
                    if let ending { done(ending) } else { self.finish = done }
                }, proceed: { self.proceeded += 1 })
        }
    }

    func testWorkThatEndedWellAtOnceClosesNowWithoutProceeding() {
        MainActor.assumeIsolated {
            let window = Window()
            XCTAssertTrue(window.ask(endingAtOnce: .some(nil)))
            XCTAssertEqual(window.proceeded, 0, "proceeding from inside the question would ask it again within itself")
        }
    }

    func testWorkThatEndsWellLaterProceedsOnce() {
        MainActor.assumeIsolated {
            let window = Window()
            XCTAssertFalse(window.ask(), "not yet")
            XCTAssertEqual(window.proceeded, 0)
            window.finish?(nil)
            XCTAssertEqual(window.proceeded, 1)
        }
    }

    func testWorkThatFailsKeepsTheWindowOpen() {
        MainActor.assumeIsolated {
            let window = Window()
            XCTAssertFalse(window.ask(endingAtOnce: .some(Failed())))
            XCTAssertFalse(window.ask())
            window.finish?(Failed())
            XCTAssertEqual(window.proceeded, 0)
        }
    }
}
