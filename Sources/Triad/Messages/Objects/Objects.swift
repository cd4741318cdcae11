import GtkKit
import TriadModel

/// The lesson objects alive now (TriadModel's `LiveObjects`), for the Messages pane's Objects tab:
/// counted from the first time the pane opens or a mistake is chosen, and from then on as each is
/// made (every part given through the seam, every page, every object that connects a signal in
/// its initializer, and what they hold) until its deinit. Before that nothing is counted, and
/// `add` costs one check.
@MainActor
enum Objects {
    private(set) static var live: LiveObjects?

    /// Counts `object` and what it holds, once counting has started.
    static func add(_ object: AnyObject) { live?.add(object) }

    /// Starts counting (once), from the window's pages as they are.
    static func start(pages: [AnyObject]) {
        guard live == nil else { return }
        let live = LiveObjects(map: SourceMap.shared.objectMap)
        self.live = live
        Watching.add(Connections())
        for page in pages { live.add(page) }
    }

    /// GtkKit tells of each target-action connection as it is made: most lesson objects connect
    /// their signals in their initializers, so this counts them as they are made.
    private final class Connections: Watcher, LearningTool {
        func connected(target: AnyObject) { Objects.add(target) }
    }
}
