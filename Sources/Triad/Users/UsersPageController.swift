import GtkKit
import TriadModel

/// Hosts seed 003's MVP pair: makes the presenter with the real service, attaches the passive
/// view, and forwards the view's events. All decisions are the presenter's.
@MainActor
final class UsersPageController: PageController {
    private let view: UserListPageView
    private let presenter: UserListPresenter
    private let storePath: String
    private let desktop: DesktopSession
    private var loaded = false
    private var runningImport: CancelFlag?
    private var contentShown: [@MainActor () -> Void] = []

    init(context: PageContext) throws(BuilderError) {
        view = try UserListPageView()
        let store = context.services.store
        storePath = store.path
        desktop = DesktopSession(window: context.window.cast())
        // The rest of a long result is collected once its first rows are drawn (an idle callback
        // runs after GTK's redraw), not beside that frame.
        let service = StoreUserService(path: store.path, mainDatabase: { store.database },
                                       afterDrawing: { work in MainLoop.hop(work) })
        // The rows of a load or a search are in the very next frame (the store's service sends
        // its results only, no stream of progress reports).
        presenter = UserListPresenter(service: service, deliver: { work in MainLoop.hop(beforeDrawing: true, work) })
        presenter.attachView(view)
        view.onSearch = forward(to: self, UsersPageController.search) { "search(\"\($0)\")" }
        view.onShown = weakly(self, UsersPageController.shown)
        view.onImport = forward(to: self, UsersPageController.chooseFile) { "chooseFile()" }
        view.onDrop = forward(to: self, UsersPageController.filesDropped) { "filesDropped(\($0.count) files)" }
        view.onCancelImport = forward(to: self, UsersPageController.cancelImport) { "cancelImport()" }
    }

    /// A search's first rows come ~2 ms after the key: the loop waits for them (10 ms at most)
    /// so that the typed letter and its rows are drawn in one frame.
    private func search(_ query: String) {
        MainLoop.waitForAnswer(within: 10) { presenter.search(query) }
    }
    private func cancelImport() { runningImport?.cancel() }

    private func shown() {
        let waiting = contentShown
        contentShown = []
        for work in waiting { work() }
    }

    var root: WidgetPointer { view.root }
    var defaultButton: WidgetPointer? { nil }

    func whenContentShown(_ shown: @escaping @MainActor () -> Void) { contentShown.append(shown) }

    func startSearch() { view.focusSearch() }

    func pageDidAppear() {
        guard !loaded else { return }
        loaded = true
        presenter.getUsers()
    }

    private func chooseFile() {
        view.chooseImportFile(weakly(self, UsersPageController.importUsers))
    }

    /// Imports on a worker thread (its own connection, one transaction), with progress and
    /// Cancel; then reloads the list with the current search.
    /// A file dropped on the page: imported like a chosen one (the first, if several).
    private func filesDropped(_ paths: [String]) {
        guard let path = paths.first else {
            return view.showImportResult(L("Only files can be imported; drop a CSV or JSON file from your computer."), isError: true)
        }
        importUsers(from: path)
    }

    private func importUsers(from path: String) {
        guard runningImport == nil else { return }
        // The format follows what the file is (its content type from the shared MIME database:
        // name and first bytes), not how its name is spelt.
        let type = contentType(ofFile: path)
        let format: UserImporter.Format
        switch type {
        case let type? where contentType(type, isA: "application/json"): format = .json
        case let type? where contentType(type, isA: "text/plain"): format = .csv  // text/csv is a kind of it
        default:
            let name = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
            return view.showImportResult(L("“{name}” is not a CSV or JSON file ({type}); nothing was imported.")
                .filling(["name": name, "type": type ?? L("unreadable")]), isError: true)
        }
        let cancel = CancelFlag()
        runningImport = cancel
        view.showImporting(true)
        let ticket = desktop.preventEnding(because: L("Importing users"))
        let storePath = self.storePath
        Background.run({
            UserImporter.run(path: path, format: format, storePath: storePath, cancel: cancel) { fraction in
                MainLoop.hop { [weak self] in self?.view.showImportProgress(fraction) }
            }
        }) { [weak self] result in
            guard let self else { return }
            self.runningImport = nil
            self.desktop.allowEnding(ticket)
            self.view.showImporting(false)
            switch result {
            case .success(let report):
                self.view.showImportResult(report.message, isError: false)
                self.desktop.notifyIfAway(id: "import", title: L("Import finished"), body: report.message)
            case .failure(let error):
                self.view.showImportResult(error.message, isError: error != .cancelled)
                if error != .cancelled { self.desktop.notifyIfAway(id: "import", title: L("Import failed"), body: error.message) }
            }
            self.presenter.getUsers(matching: self.view.query)
        }
    }

    isolated deinit { presenter.detachView() }
}
