import GtkKit
import TriadModel

/// The Objects tab: the lesson objects alive now, by type, with how many of each (Objects.swift
/// counts them from their making to their deinit), and for the type selected, what keeps each of
/// its objects alive: the chain of strong references from a page, or the cycle that needs no
/// page, each link named by its property and marked strong or weak as the property is declared.
/// It reads again every second while the pane is open.
@MainActor
final class ObjectsPane: LearningTool {
    private let hint: Label
    private let list: TreeView
    private let store: ListStore
    private let chainStore: ListStore
    private weak var pages: PageHost?
    private var timer: MainLoopSource?
    /// The rows shown: each type and its count.
    private var rows: [(type: String, count: Int)] = []
    private var chainRows: [[String]] = []
    /// The most objects of one type whose chains are listed.
    private static let chainsListed = 5

    init(view: MessagesView, pages: PageHost) {
        hint = view.detail("objects_hint")
        list = view.detail("objects_list")
        store = view.detail("objects_store")
        chainStore = view.detail("chain_store")
        self.pages = pages
        list.selection.on(.changed, target: self, action: ObjectsPane.selectionChanged)
    }

    /// The window's pages, where the chains that keep lesson objects alive begin.
    private var roots: [AnyObject] { pages?.builtPages.map { $0.page as AnyObject } ?? [] }

    /// The pane opened: counting starts (once), and the tab reads the objects every second.
    func start() {
        Objects.start(pages: roots)
        refresh()
        if timer == nil { timer = MainLoop.every(milliseconds: 1000) { [weak self] in self?.refresh() } }
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }

    func refresh() {
        guard let live = Objects.live else { return }
        guard !live.map.isEmpty else {
            hint.text = L(
                "This build has no map of the code: `make build` makes the one the Objects tab needs, which a plain `swift build` cannot.")
            return
        }
        hint.text = L(
            "The lesson objects alive now, counted from their init to their deinit. Select a type to see what keeps each one alive.")
        let counts = live.refresh(roots: roots).sorted { $0.type < $1.type }
        let selected = list.selection.selectedRow.flatMap { rows.indices.contains($0) ? rows[$0].type : nil }
        if counts.map(\.type) != rows.map(\.type) {
            store.clear()
            for row in counts { store.append([.text(row.type), .text(formattedCount(row.count))]) }
            if let selected, let index = counts.firstIndex(where: { $0.type == selected }) { list.selection.select(row: index) }
        } else {
            for (index, row) in counts.enumerated() where rows[index].count != row.count {
                store.replace(row: index, with: [.text(row.type), .text(formattedCount(row.count))])
            }
        }
        rows = counts
        showChains()
    }

    /// A type selected: what its objects hold is read again first, so that the chain shown is
    /// the one now, not the one of the last count (a page made again since then holds another
    /// object).
    private func selectionChanged() {
        _ = Objects.live?.refresh(roots: roots)
        showChains()
    }

    /// What keeps each object of the selected type alive.
    private func showChains() {
        guard let live = Objects.live, let row = list.selection.selectedRow, rows.indices.contains(row) else {
            return showChainRows([])
        }
        let type = rows[row].type
        let objects = live.objects(ofType: type)
        let pageRoots = pages?.builtPages.map { (name: $0.title, page: $0.page as AnyObject) } ?? []
        var lines: [[String]] = []
        for (number, object) in objects.prefix(Self.chainsListed).enumerated() {
            let name = L("{type} {number} of {count}").filling([
                "type": type, "number": String(number + 1), "count": String(objects.count),
            ])
            let why: String
            var links: [ObjectLink] = []
            switch live.keptAlive(object, pages: pageRoots) {
            case .cycle(let chain):
                why = L("a cycle keeps it alive: it is never freed")
                links = chain
            case .fromPage(let page, let chain):
                why = L("the {page} page keeps it alive").filling(["page": page])
                links = chain
            case .unseen:
                why = L("a closure (an observer, a handler) or the toolkit holds it")
            }
            lines.append(["\(name): \(why)", ""])
            lines += links.map(Self.row)
        }
        showChainRows(lines)
    }

    /// One link: `holder.property → held`, and how the property holds.
    private static func row(_ link: ObjectLink) -> [String] {
        let holding =
            switch link.holding {
            case .strong: L("strong")
            case .weak: L("weak")
            case .unowned: L("unowned")
            case .unknown: L("strong or weak: unknown")
            }
        return [
            "    \(link.holder).\(link.property) → \(link.held)",
            link.throughStandIn ? L("{holding}, through a stand-in").filling(["holding": holding]) : holding,
        ]
    }

    private func showChainRows(_ lines: [[String]]) {
        guard lines != chainRows else { return }
        chainRows = lines
        chainStore.clear()
        for line in lines { chainStore.append(line.map { .text($0) }) }
    }
}
