import GtkKit
import TriadModel

/// The adder page: the same adder built three ways, on the same widgets and the same model,
/// chosen with the three buttons above it (AdderPage.ui; each button's tooltip says the pattern
/// in a sentence). Each pattern's folder is readable on its own: MVC/ (seed 001: a view with a
/// delegate, and its controller), MVP/ (a passive view and its presenter), MVVM/ (a view bound
/// to its view model). MVC is shown first; the other two are made the first time they are chosen.
@MainActor
final class AdderPage: PageController {
    enum Pattern: String, CaseIterable { case mvc, mvp, mvvm }

    private let builder = Builder(resource: AppInfo.ui("AdderPage.ui"))
    let root: Widget
    private let stack: Stack
    let mvc: AdderViewController
    private(set) var mvp: AdderPassiveView?
    private(set) var mvvm: AdderBoundView?

    init(store: Store) {
        mvc = AdderViewController(store: store)
        root = builder.object("root")
        stack = builder.object("patterns")
        stack.add(mvc.view.widgets.root, named: Pattern.mvc.rawValue)
    }

    /// The pattern shown.
    var pattern: Pattern {
        stack.visibleChildName.flatMap(Pattern.init(rawValue:)) ?? .mvc
    }

    /// The Add button: Enter presses it.
    var defaultButton: Button? { mvc.view.widgets.addButton }
}
