import GtkKit

// The app: one window, which shows the address form.
let application = Application(id: "org.example.Address")
// The view, kept for as long as the app runs.
var view: AddressView?

application.on(.activate) {
    let window = Window(title: "Address", width: 420, height: 360)
    window.application = application
    window.useHeaderBar()
    let form = AddressView()
    window.add(form.root)
    view = form
    window.showAll()
}
application.run()
