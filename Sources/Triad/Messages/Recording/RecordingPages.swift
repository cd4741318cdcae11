import GtkKit
import TriadModel

/// The pages as the app builds them: each from the recording subclasses of its parts. A
/// recording subclass overrides the methods through which its class receives the lesson's
/// messages (a delegate method, a view update, a model call), records the message while the
/// Messages pane is open, and calls the class's own method: the lesson's behaviour, unchanged.
/// The model's recording subclasses are in Sources/TriadModel/Messages/Recording/.
@MainActor
enum RecordingPages {
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
        let store = services.store
        // The store's service at scale (AtScale/): a search per keystroke, one at a time, its
        // answers run on the main loop before the next frame is drawn, and the rest of a long
        // result collected once its first rows are on screen.
        let service = StoreUserService(path: store.path, mainDatabase: store.database,
                                       deliver: { work in MainLoop.hop(beforeDrawing: true, work) },
                                       afterDrawing: { work in MainLoop.hop(work) })
        let presenter = RecordingUsersPresenter(service: RecordingUserService(OneSearchAtATime(service)))
        return RecordingUsersViewController(presenter: presenter, storePath: store.path, window: window)
    }

    static func note(_ services: AppServices, _ window: WidgetPointer) -> PageController {
        RecordingNoteViewController(view: RecordingNoteView(), model: services.note, store: services.store, window: window)
    }
}
