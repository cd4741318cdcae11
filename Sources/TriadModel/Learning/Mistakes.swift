/// One lesson's classic mistake, which the learner switches on in the running app (the page's
/// Mistakes menu): a real class that takes the place of the lesson's own, from the `Mistakes/`
/// folder beside the lesson, and differs from it only in the members named here (`make
/// check-mistakes` compares the two). Nothing is in effect until the learner chooses it, and
/// nothing is kept for the next start.
public struct Mistake: Sendable, Identifiable, Hashable {
    /// Which mistake, one per case; its raw value names it in the app's actions and tests.
    public enum ID: String, Sendable, CaseIterable {
        /// The adder's view holds its controller strongly.
        case strongDelegate = "strong-delegate"
        /// The Edit Note window's controller observes the note after its window closed.
        case forgetToStopObserving = "forget-to-stop-observing"
        /// The bar chart's controller moves its bar and not the model.
        case viewChangesItself = "view-changes-itself"
        /// The address form's controller writes a saved value to the view, not the model.
        case writeToView = "write-to-view"
        /// The user list's search runs on the main loop.
        case workOnMainThread = "work-on-main-thread"
        /// The login page counts failed logins in its view controller.
        case countInView = "count-in-view"
    }

    /// Which mistake this is.
    public let id: ID
    /// The page it belongs to, as the sidebar names it ("adder").
    public let page: String
    /// Its name in the menu.
    public let title: String
    /// Why it is a mistake, and what it breaks in a real app: one paragraph.
    public let why: String
    /// The lesson's class, as the compiler names it.
    public let rightType: String
    /// The class that takes the lesson's class's place, as the compiler names it.
    public let mistakenType: String
    /// The members the two classes differ in (the mistaken class's, as the compiler's map names
    /// them): the lines the mistake is about, and the answer to "which line is the mistake?".
    public let members: [String]
    /// Whether the mistake shows only once the page is made again: while it is on, leaving the
    /// page and coming back makes the page again, as an app makes a screen each time it opens it.
    public let madeAgainOnReturn: Bool

    /// Two mistakes are the same when their ids are.
    public static func == (a: Mistake, b: Mistake) -> Bool { a.id == b.id }
    /// A mistake hashes as its id.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// `Type.member` for each member the mistake is in.
    public var mistakenMembers: [String] { members.map { "\(mistakenType).\($0)" } }
}

/// The mistakes, one or more per lesson page, in the sidebar's order.
public enum Mistakes {
    /// Every mistake, in the order the pages come in the sidebar.
    public static var all: [Mistake] {
        [strongDelegate, countInView, writeToView, workOnMainThread, forgetToStopObserving, viewChangesItself]
    }

    /// The mistakes of one page (as the sidebar names it).
    public static func forPage(_ page: String) -> [Mistake] { all.filter { $0.page == page } }

    /// The mistake of an id (every id has one: the table below lists each).
    public static func with(_ id: Mistake.ID) -> Mistake { all.first { $0.id == id }! }

    static var strongDelegate: Mistake {
        Mistake(
            id: .strongDelegate, page: "adder", title: L("Strong delegate"),
            why: L(
                "The view holds its delegate, the controller, strongly, and the controller holds its view: each keeps the other alive, so neither is ever freed. Each time the page makes its MVC adder again (choose MVP, then MVC), one more controller stays behind. In a real app every screen opened and closed leaks its controller and all it holds. A delegate is held weakly."
            ),
            rightType: "AdderView", mistakenType: "StrongDelegateAdderView", members: ["delegate"], madeAgainOnReturn: false)
    }

    static var writeToView: Mistake {
        Mistake(
            id: .writeToView, page: "address", title: L("Write to the view, not the model"),
            why: L(
                "When the address book has stored the address, the controller writes it into the form instead of into its address property: the form shows a value the model does not hold. The page then takes the saved address for an unsaved edit, Revert brings back the old address, and saving again stores the old value. A property observer keeps view and model in step only if the model is what is written."
            ),
            rightType: "AddressViewController", mistakenType: "ViewWritingAddressViewController", members: ["addressBook(_:didSave:at:)"],
            madeAgainOnReturn: false)
    }

    static var countInView: Mistake {
        Mistake(
            id: .countInView, page: "login", title: L("Count failed logins in the view"),
            why: L(
                "The view controller counts the failed logins: after five wrong passwords the page locks itself. Leave the page and come back, and a new controller counts from zero again and lets the next attempts through; only the model's own lock, which this mistake never switches off, still refuses them. A rule kept in a view lasts as long as that view: rules that protect data belong in the model."
            ),
            rightType: "LoginViewController", mistakenType: "ViewCountingLoginViewController",
            members: ["failedAttempts", "logIn()", "show(_:)"], madeAgainOnReturn: true)
    }

    static var workOnMainThread: Mistake {
        Mistake(
            id: .workOnMainThread, page: "users", title: L("Work on the main thread"),
            why: L(
                "The search runs on the main loop instead of a worker thread. While it runs the window can neither draw nor answer: every keystroke freezes it, and the stall meter counts the frames it missed. With a million users each search is long enough to see; in a real app it is the frozen window, the keys that come late and the “not responding” dialog. Slow work goes to a worker thread, and only its answer comes back to the main loop."
            ),
            rightType: "StoreUserService", mistakenType: "MainThreadUserService", members: ["getUsers(matching:completion:)"],
            madeAgainOnReturn: false)
    }

    static var forgetToStopObserving: Mistake {
        Mistake(
            id: .forgetToStopObserving, page: "note", title: L("Forget to stop observing"),
            why: L(
                "The Edit Note window's controller observes the note and never stops: its observer holds the controller, so closing the window frees nothing, and every closed window is still told each change. Open and close the window three times, and four observers hear every keystroke. In a real app such observers pile up, slow down every change and act on screens that are gone. Stop observing when the view goes away."
            ),
            rightType: "FlipsideViewController", mistakenType: "StillObservingFlipsideViewController",
            members: ["init(model:mode:over:)", "closed()"], madeAgainOnReturn: false)
    }

    static var viewChangesItself: Mistake {
        Mistake(
            id: .viewChangesItself, page: "chart", title: L("A view that changes itself"),
            why: L(
                "Dragging a bar moves the bar, and the model never hears of it: the table and the pie keep the old votes, and so does the number above the bar. With one model and many views, each view shows what the model holds and sends every change to it; a view that changes itself falls out of step with the others, and its change is never stored."
            ),
            rightType: "BarChartController", mistakenType: "SelfChangingBarChartController", members: ["barChart(_:didMoveBar:_:)"],
            madeAgainOnReturn: false)
    }
}
