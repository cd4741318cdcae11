import GtkKit

// The app: one window, which shows the adder's view, made by its controller.
let application = Application(id: "org.example.Adder")
// The controller, kept for as long as the app runs.
var controller: AdderViewController?

application.on(.activate) {
    let window = Window(title: "Adder", width: 360, height: 200)
    window.application = application
    window.useHeaderBar()
    let adder = AdderViewController()
    window.add(adder.view.root)
    controller = adder
    window.showAll()
}
application.run()
