import GtkKit
import TriadModel

/// The adder page: the same adder built three ways, on the same widgets and the same model,
/// chosen with the three buttons above it (AdderPage.ui; each button's tooltip says the pattern
/// in a sentence). Each pattern's folder is readable on its own: MVC/ (seed 001: a view with a
/// delegate, and its controller), MVP/ (a passive view and its presenter), MVVM/ (a view bound
/// to its view model). The page keeps only the pattern shown: each is made when it is chosen, by
/// the makers the page is given (FeatureCatalog.swift makes the three with their models), and
/// let go when another is chosen, as a screen's objects go when it closes. MVC is shown first.
@MainActor
final class AdderPage: PageController {
    enum Pattern: String, CaseIterable { case mvc, mvp, mvvm }

    private let builder = Builder(resource: AppInfo.ui("AdderPage.ui"))
    let root: Widget
    private let stack: Stack
    private let buttons: [Pattern: ToggleButton]
    private(set) var mvc: AdderViewController?
    private(set) var mvp: AdderPassiveView?
    private(set) var mvvm: AdderBoundView?
    private let makeMVC: @MainActor () -> AdderViewController
    private let makeMVP: @MainActor () -> AdderPassiveView
    private let makeMVVM: @MainActor () -> AdderBoundView

    init(
        mvc makeMVC: @escaping @MainActor () -> AdderViewController, mvp makeMVP: @escaping @MainActor () -> AdderPassiveView,
        mvvm makeMVVM: @escaping @MainActor () -> AdderBoundView
    ) {
        self.makeMVC = makeMVC
        self.makeMVP = makeMVP
        self.makeMVVM = makeMVVM
        root = builder.object("root")
        stack = builder.object("patterns")
        let builder = self.builder
        buttons = Dictionary(uniqueKeysWithValues: Pattern.allCases.map { ($0, builder.object("\($0.rawValue)_button")) })
        for pattern in Pattern.allCases {
            let placeholder = Box(vertical: true)
            placeholder.show()
            stack.add(placeholder, named: pattern.rawValue)
        }
        // Target-action: each button shows its pattern.
        for button in buttons.values { button.on(.toggled, target: self, action: AdderPage.buttonToggled) }
        show(.mvc)
    }

    /// The pattern shown.
    var pattern: Pattern {
        stack.visibleChildName.flatMap(Pattern.init(rawValue:)) ?? .mvc
    }

    /// A button pressed shows its pattern; the others come up. (Pressing the shown one's button
    /// again leaves it pressed.)
    private func buttonToggled() {
        guard let pressed = Pattern.allCases.first(where: { $0 != pattern && buttons[$0]?.isActive == true }) else {
            buttons[pattern]?.isActive = true
            return
        }
        show(pressed)
    }

    /// The Add button of the pattern shown: Enter presses it.
    var defaultButton: Button? { widgets(of: pattern)?.addButton }

    private func widgets(of pattern: Pattern) -> AdderWidgets? {
        switch pattern {
        case .mvc: mvc?.view.widgets
        case .mvp: mvp?.widgets
        case .mvvm: mvvm?.widgets
        }
    }

    private func show(_ pattern: Pattern) {
        stack.visibleChildName = pattern.rawValue
        for (other, button) in buttons where other != pattern && button.isActive {
            button.isActive = false
        }
        for other in Pattern.allCases where other != pattern {
            stack.child(named: other.rawValue)?.as(Box.self)?.removeAll()
        }
        mvc = pattern == .mvc ? mvc ?? makeMVC() : nil
        mvp = pattern == .mvp ? mvp ?? makeMVP() : nil
        mvvm = pattern == .mvvm ? mvvm ?? makeMVVM() : nil
        if let widgets = widgets(of: pattern) {
            if let placeholder = stack.child(named: pattern.rawValue)?.as(Box.self),
                placeholder.widget != widgets.root, widgets.root.parent == nil
            {
                placeholder.add(widgets.root)
                placeholder.window?.updateKeys()
            }
            if root.isRealized { widgets.addButton.grabDefault() }
        }
    }
}
