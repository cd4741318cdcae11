import GtkKit

// The app: one window, empty for now.
let application = Application(id: "org.example.Note")

application.on(.activate) {
    let window = Window(title: "Note", width: 480, height: 320)
    window.application = application
    window.useHeaderBar()
    window.showAll()
}
application.run()
