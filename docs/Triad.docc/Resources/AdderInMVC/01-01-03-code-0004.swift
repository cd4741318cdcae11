import GtkKit

// The app: one window, which shows the adder's view.
let application = Application(id: "org.example.Adder")
// The view, kept for as long as the app runs.
var view: AdderView?

application.on(.activate) {
    let window = Window(title: "Adder", width: 360, height: 200)
    window.application = application
    window.useHeaderBar()
    let adder = AdderView()
    window.add(adder.root)
    view = adder
    window.showAll()
}
application.run()
