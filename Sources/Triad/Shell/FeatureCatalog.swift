import GtkKit
import TriadModel

/// The features in the order the sidebar lists them (Alt+1…6 follow it), each made from its
/// lesson's own classes and the model objects the app shares (AppServices). Each part a lesson
/// object is given goes through the Messages pane's seam (Messages/Seam/): a stand-in that passes
/// every message on, and records it while the pane is open.
enum FeatureCatalog {
    @MainActor static var pages: [PageEntry] {
        [
            page("adder", L("Adder")) { services, _ in
                AdderPage(
                    mvc: Seam.adderDelegate(
                        AdderViewController(store: services.store, model: Seam.adderModel(calledBy: .controller))),
                    mvp: {
                        AdderPassiveView(
                            presenter: Seam.adderPresenter(AdderPresenter(model: Seam.adderModel(calledBy: .presenter))))
                    },
                    mvvm: { AdderBoundView(viewModel: AdderViewModel(model: Seam.adderModel(calledBy: .viewModel))) })
            },
            page("address", L("Address")) { services, window in
                AddressViewController(book: Seam.addressBook(AddressBook(store: services.store)), window: window.asWindow)
            },
            page("login", L("Login")) { services, window in
                LoginViewController(
                    accounts: Accounts(store: services.store, policy: services.passwordPolicy),
                    meter: { services.passwordMeter }, window: window.asWindow, makeRegistration: Seam.registration)
            },
            page("users", L("Users")) { services, window in
                UsersPage(services: services, window: window) { service in
                    Seam.usersPresenter(UsersPresenter(service: Seam.userService(service, answering: UsersPresenter.self)))
                }
            },
            page("note", L("Note")) { services, window in
                NoteViewController(model: services.note, window: window.asWindow)
            },
            page("chart", L("Chart")) { services, window in
                Seam.chartDelegates(ChartPage(model: Seam.chartModel(services.chart()), window: window.asWindow))
            },
        ]
    }

    /// A page made by `make`, which the window asks *should I close?* through the seam too.
    @MainActor private static func page(
        _ name: String, _ title: String, make: @escaping @MainActor (AppServices, ApplicationWindow) -> PageController
    ) -> PageEntry {
        PageEntry(name: name, title: title) { services, window in Seam.page(make(services, window)) }
    }
}
