import GtkKit

// The app: one window.
let application = Application(id: "org.example.Adder")

application.on(.activate) {
    let window = Window(title: "Adder", width: 360, height: 200)
    window.application = application
    window.useHeaderBar()
    window.showAll()
}
application.run()
