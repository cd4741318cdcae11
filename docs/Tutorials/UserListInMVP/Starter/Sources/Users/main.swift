import GtkKit

// The app: one window, empty for now.
let application = Application(id: "org.example.Users")

application.on(.activate) {
    let window = Window(title: "Users", width: 560, height: 360)
    window.application = application
    window.useHeaderBar()
    window.showAll()
}
application.run()
