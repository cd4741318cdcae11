import GtkKit

// The app: one window, which shows the list of users.
let application = Application(id: "org.example.Users")
// The list's controller, kept for as long as the app runs.
var page: UsersViewController?

application.on(.activate) {
    let window = Window(title: "Users", width: 560, height: 360)
    window.application = application
    window.useHeaderBar()
    let controller = UsersViewController()
    window.add(controller.root)
    page = controller
    window.showAll()
}
application.run()
