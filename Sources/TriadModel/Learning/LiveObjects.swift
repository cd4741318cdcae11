/// The lesson objects alive now, by type, and what keeps each one alive: the Objects tab's model.
///
/// Each object is counted from the moment it is made, as the app hands it over (`add`): the
/// pages and every part the Messages pane's seam is given, and every object that connects a
/// signal in its initializer (which GtkKit tells of). What an object holds in its stored
/// properties when it is added, or when the pages are looked at again (`refresh`), is added too,
/// read by Swift's reflection. It is held weakly here, so it is counted until its deinit, and no
/// longer: the count of a type is how many of its objects are alive, not a guess.
///
/// Reflection reads the values, not the declarations: a `weak var` shows as a plain optional.
/// How each property holds comes from the compiler instead (``ObjectMap``).
@MainActor
public final class LiveObjects {
    private final class Entry {
        weak var object: AnyObject?
        let type: String
        /// Its stored properties' references to lesson objects and stand-ins, when last read.
        var links: [(property: String, to: ObjectIdentifier, holding: Holding)] = []
        init(_ object: AnyObject, type: String) {
            self.object = object
            self.type = type
        }
    }

    /// What the compiler says of the classes: which are counted, and how their properties hold.
    public let map: ObjectMap
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The most elements of one collection read: a lesson's lists of objects are short, a page's
    /// lists of values are not objects.
    nonisolated static let elementsRead = 256

    /// Counts the objects of the classes `map` names as the lessons'.
    public init(map: ObjectMap) { self.map = map }

    /// Counts `object` (if it is a lesson's or a stand-in) and what it holds, until they go. What
    /// it holds strongly is read again: a view whose delegate was set after it was counted now
    /// holds that delegate.
    public func add(_ object: AnyObject) {
        var seen: Set<ObjectIdentifier> = []
        var queue = [object]
        while let next = queue.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted, let entry = entry(for: next) else { continue }
            queue += read(entry, next)
        }
    }

    /// Forgets the objects that have gone, reads again what `roots` (the window's pages) hold,
    /// and counts the alive lesson objects by type, the most numerous first.
    public func refresh(roots: [AnyObject]) -> [(type: String, count: Int)] {
        entries = entries.filter { $0.value.object != nil }
        for root in roots { add(root) }
        var counts: [String: Int] = [:]
        for entry in entries.values where map.lessonTypes.contains(entry.type) { counts[entry.type, default: 0] += 1 }
        return counts.map { (type: $0.key, count: $0.value) }.sorted { ($0.count, $1.type) > ($1.count, $0.type) }
    }

    /// The alive objects of `type`, in no particular order.
    public func objects(ofType type: String) -> [AnyObject] {
        entries.values.filter { $0.type == type }.compactMap(\.object)
    }

    /// How many objects are counted (stand-ins too).
    public var count: Int { entries.count }

    /// What keeps `object` alive: a cycle of strong references back to it if there is one (the
    /// leak), else the shortest chain of strong references from one of `pages`.
    public func keptAlive(_ object: AnyObject, pages: [(name: String, page: AnyObject)]) -> KeptAlive {
        let target = ObjectIdentifier(object)
        if let cycle = path(from: target, to: target) { return .cycle(lessonLinks(cycle)) }
        for (name, page) in pages {
            let start = ObjectIdentifier(page)
            if start == target { return .fromPage(name, []) }
            if let chain = path(from: start, to: target) { return .fromPage(name, lessonLinks(chain)) }
        }
        return .unseen
    }

    // MARK: Reading the objects

    nonisolated static func typeName(_ object: AnyObject) -> String { String(describing: type(of: object)) }

    /// The entry of `object`, made if it is new and a lesson's or a stand-in (nil otherwise).
    private func entry(for object: AnyObject) -> Entry? {
        let key = ObjectIdentifier(object)
        if let entry = entries[key], entry.object === object { return entry }
        let type = Self.typeName(object)
        guard map.lessonTypes.contains(type) || map.standIns.contains(type) else { return nil }
        let entry = Entry(object, type: type)
        entries[key] = entry
        return entry
    }

    /// Reads `object`'s stored properties: each lesson object or stand-in they hold is linked.
    /// Returns those it holds strongly, to be read in turn.
    private func read(_ entry: Entry, _ object: AnyObject) -> [AnyObject] {
        var links: [(property: String, to: ObjectIdentifier, holding: Holding)] = []
        var held: [AnyObject] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label else { continue }
                let holding = map.holding(entry.type, label)
                var found: [AnyObject] = []
                Self.objects(in: child.value, depth: 0, into: &found)
                for value in found where value !== object {
                    let type = Self.typeName(value)
                    guard map.lessonTypes.contains(type) || map.standIns.contains(type) else { continue }
                    links.append((ObjectMap.propertyName(label), ObjectIdentifier(value), holding))
                    if holding == .strong || holding == .unknown {
                        held.append(value)
                    } else {
                        _ = self.entry(for: value)
                    }
                }
            }
            mirror = current.superclassMirror
        }
        entry.links = links
        return held
    }

    /// The class instances a value holds: itself, or inside an optional, a collection, a tuple
    /// or a structure, a few levels down.
    private static func objects(in value: Any, depth: Int, into found: inout [AnyObject]) {
        if type(of: value) is AnyClass {
            found.append(value as AnyObject)
            return
        }
        guard depth < 3 else { return }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional, .collection, .set, .dictionary, .tuple, .struct, .enum:
            for child in mirror.children.prefix(elementsRead) { objects(in: child.value, depth: depth + 1, into: &found) }
        default:
            return
        }
    }

    // MARK: Chains

    /// The shortest chain of strong links from `start` to `target` (a cycle when they are the same).
    private func path(from start: ObjectIdentifier, to target: ObjectIdentifier) -> [ObjectLink]? {
        var previous: [ObjectIdentifier: (from: ObjectIdentifier, property: String, holding: Holding)] = [:]
        var frontier = [start]
        var reached: ObjectIdentifier?
        search: while !frontier.isEmpty {
            var next: [ObjectIdentifier] = []
            for key in frontier {
                guard let entry = entries[key], entry.object != nil else { continue }
                for link in entry.links where link.holding == .strong || link.holding == .unknown {
                    guard previous[link.to] == nil, link.to != start || link.to == target else { continue }
                    previous[link.to] = (key, link.property, link.holding)
                    if link.to == target {
                        reached = link.to
                        break search
                    }
                    next.append(link.to)
                }
            }
            frontier = next
        }
        guard reached != nil else { return nil }
        var chain: [ObjectLink] = []
        var at = target
        repeat {
            guard let step = previous[at] else { return nil }
            chain.insert(
                ObjectLink(
                    holder: entries[step.from]?.type ?? "?", property: step.property, held: entries[at]?.type ?? "?",
                    holding: step.holding), at: 0)
            at = step.from
        } while at != start
        return chain
    }

    /// The chain as the lessons wrote it: a link into a stand-in and the stand-in's own link on
    /// are one link, from the lesson object to what the stand-in stands for.
    private func lessonLinks(_ chain: [ObjectLink]) -> [ObjectLink] {
        var links: [ObjectLink] = []
        // A page the window holds through a stand-in is the page: the chain starts there.
        for link in chain.drop(while: { map.standIns.contains($0.holder) }) {
            if let last = links.last, map.standIns.contains(last.held) {
                links[links.count - 1] = ObjectLink(
                    holder: last.holder, property: last.property, held: link.held, holding: min(last.holding, link.holding),
                    throughStandIn: true)
            } else {
                links.append(link)
            }
        }
        return links
    }
}
