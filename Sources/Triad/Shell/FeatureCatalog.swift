import GtkKit
import TriadModel

/// The features in the order the sidebar lists them (Alt+1…6 follow it), each made from its
/// lesson's own classes and the model objects the app shares (AppServices). Each part a lesson
/// object is given goes through the Messages pane's seam (Messages/Seam/): a stand-in that passes
/// every message on, and records it while the pane is open. While the learner has chosen one of
/// a lesson's classic mistakes (the page's Mistakes menu), its mistaken class, from the lesson's
/// `Mistakes/` folder, is made in place of the lesson's own.
enum FeatureCatalog {
    @MainActor static var pages: [PageEntry] {
        [
            page("adder", L("Adder")) { services, _, mistakes in
                AdderPage(
                    mvc: {
                        Seam.adderDelegate(
                            AdderViewController(
                                store: services.store, model: Seam.adderModel(calledBy: .controller),
                                view: mistakes.either(AdderView(), or: .strongDelegate, StrongDelegateAdderView())))
                    },
                    mvp: {
                        AdderPassiveView(
                            presenter: Seam.adderPresenter(AdderPresenter(model: Seam.adderModel(calledBy: .presenter))))
                    },
                    mvvm: { AdderBoundView(viewModel: AdderViewModel(model: Seam.adderModel(calledBy: .viewModel))) })
            },
            page("address", L("Address")) { services, window, mistakes in
                let book = Seam.addressBook(AddressBook(store: services.store))
                return mistakes.either(
                    AddressViewController(book: book, window: window.asWindow), or: .writeToView,
                    ViewWritingAddressViewController(book: book, window: window.asWindow))
            },
            page("login", L("Login")) { services, window, mistakes in
                let accounts = Accounts(store: services.store, policy: services.passwordPolicy)
                return mistakes.either(
                    LoginViewController(
                        accounts: accounts, meter: { services.passwordMeter }, window: window.asWindow,
                        makeRegistration: Seam.registration),
                    or: .countInView,
                    ViewCountingLoginViewController(
                        accounts: accounts, meter: { services.passwordMeter }, window: window.asWindow,
                        makeRegistration: Seam.registration))
            },
            page("users", L("Users")) { services, window, mistakes in
                UsersPage(
                    services: services, window: window,
                    service: { frames in
                        mistakes.either(
                            services.userService(frames: frames), or: .workOnMainThread,
                            services.mainThreadUserService(frames: frames))
                    }
                ) { service in
                    Seam.usersPresenter(UsersPresenter(service: Seam.userService(service, answering: UsersPresenter.self)))
                }
            },
            page("note", L("Note")) { services, window, mistakes in
                NoteViewController(
                    model: services.note, window: window.asWindow,
                    makeFlipside: mistakes.either(
                        FlipsideViewController.init, or: .forgetToStopObserving, StillObservingFlipsideViewController.init))
            },
            page("chart", L("Chart")) { services, window, mistakes in
                Seam.chartDelegates(
                    ChartPage(
                        model: Seam.chartModel(services.chart()), window: window.asWindow,
                        bars: mistakes.either(BarChartController.init, or: .viewChangesItself, SelfChangingBarChartController.init)))
            },
        ]
    }

    /// A page made by `make`, which the window asks *should I close?* through the seam too.
    @MainActor private static func page(
        _ name: String, _ title: String, make: @escaping @MainActor (AppServices, ApplicationWindow, ChosenMistakes) -> PageController
    ) -> PageEntry {
        PageEntry(name: name, title: title) { services, window, mistakes in Seam.page(make(services, window, mistakes)) }
    }
}
