import GtkKit
import TriadModel

/// Hosts seed 003's MVP pair: makes the presenter with the real service, attaches the passive
/// view, and forwards the view's events. All decisions are the presenter's.
@MainActor
final class UsersPageController: PageController {
    private let view: UserListPageView
    private let presenter: UserListPresenter
    private let storePath: String
    private var loaded = false
    private var runningImport: CancelFlag?
    private var contentShown: (@MainActor () -> Void)?

    init(context: PageContext) throws(BuilderError) {
        view = try UserListPageView()
        let store = context.services.store
        storePath = store.path
        let service = StoreUserService(path: store.path, mainDatabase: { store.database })
        presenter = UserListPresenter(service: service, deliver: { work in MainLoop.hop(work) })
        presenter.attachView(view)
        view.onSearch = { [weak self] query in self?.presenter.getUsers(matching: query) }
        view.onShown = { [weak self] in
            guard let self, let shown = self.contentShown else { return }
            self.contentShown = nil
            shown()
        }
        view.onImport = { [weak self] in self?.chooseFile() }
        view.onCancelImport = { [weak self] in self?.runningImport?.cancel() }
    }

    var root: WidgetPointer { view.root }
    var defaultButton: WidgetPointer? { nil }

    func whenContentShown(_ shown: @escaping @MainActor () -> Void) { contentShown = shown }

    func pageDidAppear() {
        guard !loaded else { return }
        loaded = true
        presenter.getUsers()
    }

    private func chooseFile() {
        view.chooseImportFile { [weak self] path in self?.importUsers(from: path) }
    }

    /// Imports on a worker thread (its own connection, one transaction), with progress and
    /// Cancel; then reloads the list with the current search.
    private func importUsers(from path: String) {
        guard runningImport == nil else { return }
        let cancel = CancelFlag()
        runningImport = cancel
        view.showImporting(true)
        let storePath = self.storePath
        Background.run({
            UserImporter.run(path: path, storePath: storePath, cancel: cancel) { fraction in
                MainLoop.hop { [weak self] in self?.view.showImportProgress(fraction) }
            }
        }) { [weak self] result in
            guard let self else { return }
            self.runningImport = nil
            self.view.showImporting(false)
            switch result {
            case .success(let report): self.view.showImportResult(report.message, isError: false)
            case .failure(let error): self.view.showImportResult(error.message, isError: error != .cancelled)
            }
            self.presenter.getUsers(matching: self.view.query)
        }
    }

    isolated deinit { presenter.detachView() }
}
