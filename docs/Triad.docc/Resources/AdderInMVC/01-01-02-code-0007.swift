import GtkKit

// The app: one window.
let application = Application(id: "org.example.Adder")

application.on(.activate) {
    let window = Window(title: "Adder", width: 360, height: 200)
    window.application = application
    window.useHeaderBar()
    let builder = Builder(file: "AdderView.ui")
    window.add(builder.object("root", as: Widget.self))
    window.showAll()
}
application.run()
