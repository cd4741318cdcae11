/// How an object holds what one of its stored properties refers to, as the property is declared.
public enum Holding: String, Sendable, Comparable {
    /// A plain `let` or `var`: it keeps what it refers to alive.
    case strong
    /// A `weak var`: it lets go when what it refers to goes.
    case weak
    /// An `unowned` reference: it does not keep what it refers to alive, and assumes it lives.
    case unowned
    /// A property the compiler's map does not name (a build without the map).
    case unknown

    /// The weaker of two holds: a link through a stand-in is as strong as its weaker half.
    public static func < (a: Holding, b: Holding) -> Bool { a.order < b.order }
    private var order: Int {
        switch self {
        case .weak: 0
        case .unowned: 1
        case .unknown: 2
        case .strong: 3
        }
    }
}

/// What the compiler says of the app's classes, for the Objects tab: which are the lessons' own
/// (declared in a lesson's folder), which stand in for a lesson's part (the Messages pane's seam),
/// and how each stored property holds its value (`weak var delegate`). The build writes it from
/// the symbol graphs, whose declarations keep the `weak` and `unowned` keywords
/// (build-aux/source-map.py); a Swift value seen at run time shows a weak reference as a plain
/// optional, so the declaration is the one place that tells.
public struct ObjectMap: Sendable {
    /// `Type.property` → how it holds.
    public let holdings: [String: Holding]
    /// The classes declared in the lessons' folders, counted by the Objects tab.
    public let lessonTypes: Set<String>
    /// The classes that stand in for a lesson's part: looked through, never counted.
    public let standIns: Set<String>

    /// A map of the given holdings, lesson classes and stand-ins.
    public init(holdings: [String: Holding], lessonTypes: Set<String>, standIns: Set<String>) {
        self.holdings = holdings
        self.lessonTypes = lessonTypes
        self.standIns = standIns
    }

    /// An empty map: a build that did not make one (a plain `swift build`).
    public static let empty = ObjectMap(holdings: [:], lessonTypes: [], standIns: [])

    /// Whether the map names no lesson class: the build made none.
    public var isEmpty: Bool { lessonTypes.isEmpty }

    /// How `type`'s stored property `label` (as reflection names it) holds its value.
    public func holding(_ type: String, _ label: String) -> Holding {
        holdings["\(type).\(Self.propertyName(label))"] ?? .unknown
    }

    /// The property a reflected child's label stands for: a `lazy var`'s storage is
    /// `$__lazy_storage_$_name`, a wrapped property's `_name`.
    public static func propertyName(_ label: String) -> String {
        if label.hasPrefix("$__lazy_storage_$_") { return String(label.dropFirst("$__lazy_storage_$_".count)) }
        if label.hasPrefix("_") { return String(label.dropFirst()) }
        return label
    }

    /// Reads the map's lines: `holds<TAB>Type.property<TAB>strong|weak|unowned` and
    /// `object<TAB>Type<TAB>lesson|stand-in`; other lines are another reader's.
    public static func read(_ text: Substring) -> ObjectMap {
        var holdings: [String: Holding] = [:]
        var lessons: Set<String> = []
        var standIns: Set<String> = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            switch fields[0] {
            case "holds": holdings[String(fields[1])] = Holding(rawValue: String(fields[2])) ?? .unknown
            case "object" where fields[2] == "lesson": lessons.insert(String(fields[1]))
            case "object" where fields[2] == "stand-in": standIns.insert(String(fields[1]))
            default: continue
            }
        }
        return ObjectMap(holdings: holdings, lessonTypes: lessons, standIns: standIns)
    }
}

/// One reference from an object to another, named by the holder's property.
public struct ObjectLink: Equatable, Sendable {
    /// The class of the object that holds the reference.
    public let holder: String
    /// The holder's stored property the reference is in.
    public let property: String
    /// The class of the object referred to.
    public let held: String
    /// How the property holds it, as it is declared.
    public let holding: Holding
    /// Whether the link passes a stand-in (a part of the Messages pane's seam), which is looked
    /// through: the view's `delegate` holds the stand-in, which holds the controller.
    public let throughStandIn: Bool

    /// A link from `holder`'s `property` to `held`, held as `holding`.
    public init(holder: String, property: String, held: String, holding: Holding, throughStandIn: Bool = false) {
        self.holder = holder
        self.property = property
        self.held = held
        self.holding = holding
        self.throughStandIn = throughStandIn
    }
}

/// Why an object is alive: what the Objects tab says of a selected one.
public enum KeptAlive: Equatable, Sendable {
    /// Its own strong references lead back to it: nothing else need hold it, and nothing frees it.
    case cycle([ObjectLink])
    /// A chain of strong references from one of the window's pages.
    case fromPage(String, [ObjectLink])
    /// Nothing the tab can see into holds it strongly: a closure does (an observer the model
    /// keeps, a signal handler), or the toolkit.
    case unseen
}
