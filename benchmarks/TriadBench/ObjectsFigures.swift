import Glibc
import TriadModel

// `triad-bench objects [COUNT [ROUNDS]]`: what the Messages pane's Objects tab does each time it
// reads the objects again (LiveObjects.refresh, from the window's pages) with COUNT lesson objects
// alive, and what it does for a selected one (keptAlive). The objects are the adder's leak in
// miniature, as many as COUNT: controllers each holding its view, each view holding its controller
// through a stand-in, as with the strong delegate switched on; and a page holding a few more.

@MainActor private protocol BenchDelegate: AnyObject {}

@MainActor private final class BenchView {
    var delegate: BenchDelegate?
}

@MainActor private final class BenchController: BenchDelegate {
    let view = BenchView()
}

@MainActor private final class BenchStandIn: BenchDelegate {
    weak var controller: BenchDelegate?
    var held: BenchDelegate?
}

@MainActor private final class BenchPage {
    var controllers: [BenchController] = []
}

@MainActor
func objectFigures(count: Int, rounds: Int) {
    let map = ObjectMap(
        holdings: [
            "BenchView.delegate": .strong, "BenchController.view": .strong, "BenchStandIn.controller": .weak,
            "BenchStandIn.held": .strong, "BenchPage.controllers": .strong,
        ],
        lessonTypes: ["BenchView", "BenchController", "BenchPage"], standIns: ["BenchStandIn"])
    let live = LiveObjects(map: map)
    let page = BenchPage()
    page.controllers = (0..<10).map { _ in BenchController() }
    live.add(page)
    var leaked: [BenchController] = []
    for _ in 0..<(count / 2) {
        let controller = BenchController()
        let standIn = BenchStandIn()
        standIn.controller = controller
        standIn.held = controller
        controller.view.delegate = standIn
        live.add(controller)
        leaked.append(controller)
    }
    var refresh: [Double] = []
    var chain: [Double] = []
    var alive = 0
    for round in 0..<rounds {
        let start = now()
        alive = live.refresh(roots: [page]).filter { map.lessonTypes.contains($0.type) }.reduce(0) { $0 + $1.count }
        refresh.append(now() - start)
        let selected = leaked[(round * 7919) % leaked.count]
        let chainStart = now()
        _ = live.keptAlive(selected, pages: [("Adder", page)])
        chain.append(now() - chainStart)
    }
    print("objects-refresh-ms median=\(tenths(median(refresh))) max=\(tenths(refresh.max() ?? 0)) alive=\(alive) rounds=\(rounds)")
    print("objects-chain-ms median=\(tenths(median(chain))) max=\(tenths(chain.max() ?? 0)) alive=\(alive) rounds=\(rounds)")
    for controller in leaked { controller.view.delegate = nil }
}
