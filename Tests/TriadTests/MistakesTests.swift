import GtkKit
import TriadModel
import XCTest

@testable import triad

/// The classic mistakes as the catalog makes them: each mistaken class only while it is chosen,
/// and the seam keeping what the lesson keeps, no more and no less.
final class MistakesTests: AppTestCase {
    func testEachMistakenClassIsMadeOnlyWhileItsMistakeIsChosen() throws {
        try MainActor.assumeIsolated {
            XCTAssertTrue(try XCTUnwrap(lessonPage("adder", []) as? AdderPage).mvc?.view is AdderView)
            XCTAssertTrue(try XCTUnwrap(lessonPage("adder", [.strongDelegate]) as? AdderPage).mvc?.view is StrongDelegateAdderView)
            XCTAssertTrue(try lessonPage("address", []) is AddressViewController)
            XCTAssertTrue(try lessonPage("address", [.writeToView]) is ViewWritingAddressViewController)
            XCTAssertTrue(try lessonPage("login", []) is LoginViewController)
            XCTAssertTrue(try lessonPage("login", [.countInView]) is ViewCountingLoginViewController)
            XCTAssertTrue(try XCTUnwrap(lessonPage("chart", []) as? ChartPage).bars is BarChartController)
            XCTAssertTrue(try XCTUnwrap(lessonPage("chart", [.viewChangesItself]) as? ChartPage).bars is SelfChangingBarChartController)
            // Another page's mistake changes nothing here.
            XCTAssertTrue(try lessonPage("address", [.countInView, .strongDelegate]) is AddressViewController)
        }
    }

    /// A view that holds its delegate weakly lets its controller go with the page; one that holds
    /// it strongly keeps it, though its delegate is the seam's stand-in: the stand-in then holds
    /// the controller as strongly.
    func testAStrongDelegateKeepsItsControllerThroughTheSeam() throws {
        try MainActor.assumeIsolated {
            for strong in [false, true] {
                weak var controller: AdderViewController?
                do {
                    let page = try XCTUnwrap(lessonPage("adder", strong ? [.strongDelegate] : []) as? AdderPage)
                    controller = page.mvc
                    XCTAssertNotNil(controller)
                }
                if strong {
                    XCTAssertNotNil(controller, "view and controller keep each other alive")
                    controller?.view.delegate = nil  // the test's own clean-up: the cycle broken
                } else {
                    XCTAssertNil(controller, "the lesson's weak delegate lets the controller go")
                }
            }
        }
    }
}

/// The page `name` as the catalog makes it with `mistakes` chosen, behind its seam.
@MainActor private func lessonPage(_ name: String, _ mistakes: [Mistake.ID]) throws -> PageController {
    var chosen = ChosenMistakes()
    for id in mistakes { chosen.set(id, true) }
    let page = try makePage(name, services: try makeServices(), window: makeWindow(), mistakes: chosen)
    return try XCTUnwrap(page as? PageRecorder).lessonPage
}
