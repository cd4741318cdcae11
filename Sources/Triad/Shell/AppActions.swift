import GtkKit

extension TriadApplication {
    /// The application's actions (`app.*`): what the primary menu and the global shortcuts run.
    static var actions: [ActionEntry<TriadApplication>] {
        [
            ActionEntry("quit", ["<Primary>q"], TriadApplication.quit),
            ActionEntry("about", [], TriadApplication.showAbout),
        ]
    }
}
