import GtkKit

// The app: one window, which shows the address form, made by its controller.
let application = Application(id: "org.example.Address")
// The controller, kept for as long as the app runs.
var controller: AddressViewController?

application.on(.activate) {
    let window = Window(title: "Address", width: 420, height: 360)
    window.application = application
    window.useHeaderBar()
    let form = AddressViewController()
    window.add(form.view.root)
    controller = form
    window.showAll()
}
application.run()
