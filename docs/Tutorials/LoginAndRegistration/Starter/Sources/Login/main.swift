import GtkKit

// The app: one window, empty for now.
let application = Application(id: "org.example.Login")

application.on(.activate) {
    let window = Window(title: "Log In", width: 400, height: 280)
    window.application = application
    window.useHeaderBar()
    window.showAll()
}
application.run()
