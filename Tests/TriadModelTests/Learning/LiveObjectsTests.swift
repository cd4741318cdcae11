import XCTest

@testable import TriadModel

// A delegate lesson in miniature: a view that holds its delegate as it is told, a controller that
// holds its view, a page that holds the controller, and a stand-in between view and controller
// as the Messages pane's seam puts one.
@MainActor private protocol Delegate: AnyObject {}

@MainActor private final class View {
    weak var delegate: Delegate?
    var strongDelegate: Delegate?
}

@MainActor private final class Controller: Delegate {
    let view = View()
}

@MainActor private final class Page {
    var controller: Controller?
}

@MainActor private final class StandIn: Delegate {
    weak var controller: Delegate?
    var held: Delegate?
}

/// What the compiler says of these classes (the build writes it from the symbol graphs).
private let map = ObjectMap(
    holdings: [
        "View.delegate": .weak, "View.strongDelegate": .strong, "Controller.view": .strong, "Page.controller": .strong,
        "StandIn.controller": .weak, "StandIn.held": .strong,
    ],
    lessonTypes: ["View", "Controller", "Page"], standIns: ["StandIn"])

final class LiveObjectsTests: XCTestCase {
    func testCountsComeFromTheObjectsAliveAndGoAtTheirDeinit() {
        MainActor.assumeIsolated {
            let live = LiveObjects(map: map)
            let page = Page()
            page.controller = Controller()
            page.controller?.view.delegate = page.controller
            live.add(page)
            var counts = Dictionary(uniqueKeysWithValues: live.refresh(roots: [page]).map { ($0.type, $0.count) })
            XCTAssertEqual(counts, ["Page": 1, "Controller": 1, "View": 1], "what the page holds is counted with it")
            page.controller = Controller()  // the first controller and its view go
            counts = Dictionary(uniqueKeysWithValues: live.refresh(roots: [page]).map { ($0.type, $0.count) })
            XCTAssertEqual(counts, ["Page": 1, "Controller": 1, "View": 1], "the new one counted, the old one gone at its deinit")
            XCTAssertTrue(live.refresh(roots: []).contains { $0.type == "Controller" }, "counted while alive, page or not")
        }
    }

    func testAWeakDelegateMakesNoCycleAndTheChainStartsAtThePage() throws {
        try MainActor.assumeIsolated {
            let live = LiveObjects(map: map)
            let page = Page()
            let controller = Controller()
            page.controller = controller
            controller.view.delegate = controller
            live.add(page)
            _ = live.refresh(roots: [page])
            let kept = live.keptAlive(controller, pages: [("Adder", page)])
            XCTAssertEqual(
                kept, .fromPage("Adder", [ObjectLink(holder: "Page", property: "controller", held: "Controller", holding: .strong)]))
            weak var gone: Controller?
            do {
                let leftAlone = Controller()
                leftAlone.view.delegate = leftAlone
                gone = leftAlone
                live.add(leftAlone)
                XCTAssertEqual(live.keptAlive(leftAlone, pages: [("Adder", page)]), .unseen, "held by this test's variable only")
            }
            XCTAssertNil(gone, "a weak delegate lets its controller go")
            _ = try XCTUnwrap(page.controller)
        }
    }

    func testAStrongDelegateThroughAStandInIsACycleNamedByItsProperties() {
        MainActor.assumeIsolated {
            let live = LiveObjects(map: map)
            weak var leaked: Controller?
            do {
                let controller = Controller()
                let standIn = StandIn()
                standIn.controller = controller
                standIn.held = controller  // the stand-in holds as the view holds it
                controller.view.strongDelegate = standIn
                leaked = controller
                live.add(controller)
            }
            let controller = leaked
            XCTAssertNotNil(controller, "view and controller keep each other alive")
            guard let controller else { return }
            XCTAssertEqual(
                live.keptAlive(controller, pages: []),
                .cycle([
                    ObjectLink(holder: "Controller", property: "view", held: "View", holding: .strong),
                    ObjectLink(holder: "View", property: "strongDelegate", held: "Controller", holding: .strong, throughStandIn: true),
                ]))
            XCTAssertEqual(live.refresh(roots: []).first { $0.type == "Controller" }?.count, 1, "counted without a page")
            controller.view.strongDelegate = nil  // break the cycle, as the test's own clean-up
        }
    }

    func testOnlyTheLessonsClassesAreCountedAndTheMapReadsItsLines() {
        MainActor.assumeIsolated {
            let read = ObjectMap.read("holds\tView.delegate\tweak\nobject\tView\tlesson\nobject\tStandIn\tstand-in\nmember\tX.y\tf\t1\n")
            XCTAssertEqual(read.holding("View", "delegate"), .weak)
            XCTAssertEqual(read.holding("View", "$__lazy_storage_$_delegate"), .weak, "a lazy property's storage is the property")
            XCTAssertEqual(read.holding("View", "other"), .unknown)
            XCTAssertEqual(read.lessonTypes, ["View"])
            XCTAssertEqual(read.standIns, ["StandIn"])
            let live = LiveObjects(map: read)
            let page = Page()  // not a lesson class in this map
            live.add(page)
            XCTAssertEqual(live.count, 0)
        }
    }
}
