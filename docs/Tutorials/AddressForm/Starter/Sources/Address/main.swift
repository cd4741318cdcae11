import GtkKit

// The app: one window, empty for now.
let application = Application(id: "org.example.Address")

application.on(.activate) {
    let window = Window(title: "Address", width: 420, height: 360)
    window.application = application
    window.useHeaderBar()
    window.showAll()
}
application.run()
