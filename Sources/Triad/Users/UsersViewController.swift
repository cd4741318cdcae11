import GtkKit
import TriadModel

/// Hosts seed 003's MVP pair: makes the presenter with the real service, attaches the passive
/// view, and forwards the view's events. All decisions are the presenter's.
@MainActor
final class UsersViewController: PageController {
    private let view: UsersView
    private let presenter: UserPresenter
    private var loaded = false

    init(context: PageContext) throws(BuilderError) {
        view = try UsersView()
        let store = context.services.store
        let service = StoreUserService(path: store.path, mainDatabase: { store.database })
        presenter = UserPresenter(service: service, deliver: { work in MainLoop.hop(work) })
        presenter.attachView(view)
        view.onSearch = { [weak self] query in self?.presenter.getUsers(matching: query) }
        view.onShown = { context.services.hub.post(.usersShown) }
        view.onImport = { [weak self] in self?.importUsers() }
    }

    var root: WidgetPointer { view.root }
    var defaultButton: WidgetPointer? { nil }

    func pageDidAppear() {
        guard !loaded else { return }
        loaded = true
        presenter.getUsers()
    }

    private func importUsers() {
        // Added by the import feature.
    }

    isolated deinit { presenter.detachView() }
}
