import GtkKit

// The app: one window, which shows the login view.
let application = Application(id: "org.example.Login")
// The view, kept for as long as the app runs.
var view: LoginView?

application.on(.activate) {
    let window = Window(title: "Log In", width: 400, height: 280)
    window.application = application
    window.useHeaderBar()
    let login = LoginView()
    window.add(login.root)
    view = login
    window.showAll()
}
application.run()
