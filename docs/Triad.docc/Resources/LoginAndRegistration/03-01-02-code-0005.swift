import GtkKit

// The app: one window, which shows the login view, made by its controller. The accounts are
// made once, here.
let application = Application(id: "org.example.Login")
let accounts = Accounts()
// The controller, kept for as long as the app runs.
var controller: LoginViewController?

application.on(.activate) {
    let window = Window(title: "Log In", width: 400, height: 280)
    window.application = application
    window.useHeaderBar()
    let login = LoginViewController(accounts: accounts)
    window.add(login.view.root)
    controller = login
    window.showAll()
}
application.run()
