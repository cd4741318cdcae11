import GtkKit

// The app: one window, which shows the adder three ways: MVC, MVP and MVVM, side by side.
let application = Application(id: "org.example.Adder")
// What makes each view, kept for as long as the app runs.
var controller: AdderViewController?
var presenter: AdderPresenter?
var passiveView: AdderPassiveView?

/// A column of the window: the pattern's name over its view, named for screen readers.
@MainActor
func column(_ title: String, _ view: Widget) -> Box {
    let box = Box(vertical: true, spacing: 6)
    box.accessibleName = "\(title) adder"
    box.add(Label(title))
    box.add(view)
    return box
}

application.on(.activate) {
    let window = Window(title: "Adder", width: 1100, height: 240)
    window.application = application
    window.useHeaderBar()
    let adder = AdderViewController()
    controller = adder
    let patterns = Box(vertical: false, spacing: 12)
    patterns.add(column("MVC", adder.view.root))
    let mvp = AdderPresenter()
    let mvpView = AdderPassiveView(presenter: mvp)
    patterns.add(column("MVP", mvpView.root))
    presenter = mvp
    passiveView = mvpView
    window.add(patterns)
    window.showAll()
}
application.run()
