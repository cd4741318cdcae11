import CGtk
import GtkKit
import TriadModel

/// The adder page: the same adder built three ways, on the same widgets and the same model,
/// chosen with the three buttons above it (AdderPage.ui; each button's tooltip says the pattern
/// in a sentence). Each pattern's folder is readable on its own: MVC/ (seed 001: a view with a
/// delegate, and its controller), MVP/ (a passive view and its presenter), MVVM/ (a view bound
/// to its view model). MVC is shown first; the other two are built the first time they are
/// chosen.
@MainActor
final class AdderPage: PageController {
    enum Pattern: String, CaseIterable { case mvc, mvp, mvvm }

    private let builder = Builder(resource: AppInfo.ui("AdderPage.ui"))
    let root: WidgetPointer
    private let stack: UnsafeMutablePointer<GtkStack>
    private let buttons: [Pattern: UnsafeMutablePointer<GtkToggleButton>]
    let mvc: AdderViewController
    private let makeMVP: () -> AdderPassiveView
    private let makeMVVM: () -> AdderBoundView
    private(set) var mvp: AdderPassiveView?
    private(set) var mvvm: AdderBoundView?

    init(mvc: AdderViewController, mvp: @escaping () -> AdderPassiveView, mvvm: @escaping () -> AdderBoundView) {
        self.mvc = mvc
        makeMVP = mvp
        makeMVVM = mvvm
        root = builder.object("root")
        stack = builder.object("patterns")
        let builder = self.builder
        buttons = Dictionary(uniqueKeysWithValues: Pattern.allCases.map { ($0, builder.object("\($0.rawValue)_button")) })
        gtk_stack_add_named(stack, mvc.view.widgets.root, Pattern.mvc.rawValue)
        for pattern in [Pattern.mvp, .mvvm] {
            let placeholder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_show(placeholder)
            gtk_stack_add_named(stack, placeholder, pattern.rawValue)
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
    var defaultButton: WidgetPointer? { widgets(of: pattern)?.addButton }

    private func widgets(of pattern: Pattern) -> AdderWidgets? {
        switch pattern {
        case .mvc: mvc.view.widgets
        case .mvp: mvp?.widgets
        case .mvvm: mvvm?.widgets
        }
    }

    private func show(_ pattern: Pattern) {
        stack.visibleChildName = pattern.rawValue
        for (other, button) in buttons where other != pattern && button.isActive {
            button.isActive = false
        }
        switch pattern {
        case .mvc: break
        case .mvp: if mvp == nil { mvp = makeMVP() }
        case .mvvm: if mvvm == nil { mvvm = makeMVVM() }
        }
        if let widgets = widgets(of: pattern) {
            if let placeholder = gtk_stack_get_child_by_name(stack, pattern.rawValue),
               placeholder != widgets.root, gtk_widget_get_parent(widgets.root) == nil {
                gtk_container_add(placeholder.cast(), widgets.root)
            }
            if gtk_widget_get_realized(root) != 0 { gtk_widget_grab_default(widgets.addButton) }
        }
    }
}
