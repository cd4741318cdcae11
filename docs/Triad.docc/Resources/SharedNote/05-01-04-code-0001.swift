import GtkKit
import TriadModel

/// The features in the order the sidebar lists them (Alt+1…6 follow it), each made from its
/// lesson's own classes and the model objects the app shares (AppServices).
enum FeatureCatalog {
    @MainActor static var pages: [PageEntry] {
        [
            PageEntry(name: "adder", title: L("Adder")) { services, _ in
                AdderPage(store: services.store)
            },
            PageEntry(name: "address", title: L("Address")) { services, window in
                AddressViewController(store: services.store, window: window.asWindow)
            },
            PageEntry(name: "login", title: L("Login")) { services, window in
                LoginViewController(
                    accounts: Accounts(store: services.store, policy: services.passwordPolicy),
                    meter: { services.passwordMeter }, window: window.asWindow)
            },
            PageEntry(name: "users", title: L("Users")) { services, window in
                UsersPage(services: services, window: window)
            },
            PageEntry(name: "note", title: L("Note")) { services, window in
                NoteViewController(model: services.note, window: window.asWindow)
            },
            PageEntry(name: "chart", title: L("Chart")) { services, window in
                ChartPage(model: services.chart(), window: window.asWindow)
            },
        ]
    }
}
