import GtkKit
import TriadModel

/// The pages as the app builds them: each from the recording subclasses of its parts. A
/// recording subclass overrides the methods through which its class receives the lesson's
/// messages (a delegate method, a view update, a model call), records the message while the
/// Messages pane is open, and calls the class's own method: the lesson's behaviour, unchanged.
/// The model's recording subclasses are in Sources/TriadModel/Messages/Recording/.
@MainActor
enum RecordingPages {
    /// MVVM's view and view model need no recording subclass: their bindings already report
    /// through GtkKit's `BindingTrace` and the model's `Observable`.
    static func adder(_ services: AppServices, _ window: WidgetPointer) -> PageController {
        AdderPage(mvc: RecordingAdderViewController(view: RecordingAdderView(), model: RecordingAdderModel(), store: services.store),
                  mvp: { RecordingAdderPassiveView(presenter: RecordingAdderPresenter(model: RecordingAdderModel(caller: .presenter))) },
                  mvvm: { AdderBoundView(viewModel: AdderViewModel(model: RecordingAdderModel(caller: .viewModel))) })
    }

    static func address(_ services: AppServices, _ window: WidgetPointer) -> PageController {
        RecordingAddressViewController(view: RecordingAddressView(), book: RecordingAddressBook(store: services.store), window: window)
    }

    static func login(_ services: AppServices, _ window: WidgetPointer) -> PageController {
        RecordingLoginViewController(accounts: Accounts(store: services.store, policy: services.passwordPolicy), store: services.store,
                                     meter: { services.passwordMeter }, window: window)
    }

    static func users(_ services: AppServices, _ window: WidgetPointer) -> PageController {
        let presenter = RecordingUsersPresenter(service: RecordingUserService(services.userService()))
        return RecordingUsersViewController(presenter: presenter, storePath: services.store.path, window: window)
    }

    static func note(_ services: AppServices, _ window: WidgetPointer) -> PageController {
        RecordingNoteViewController(view: RecordingNoteView(), model: services.note, store: services.store, window: window)
    }
}
