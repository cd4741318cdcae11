import GtkKit
import TriadModel

/// The users page: seed 003's lesson (the view controller and its presenter, Users/) and, beside
/// it, the page's file tools (UserFiles/: import and export), each with its own controller. The
/// lesson's view keeps two places for the tools; neither part knows the other, and this joins
/// them: an import that ends reloads the list, and the export asks for the search shown.
@MainActor
final class UsersPage: PageController {
    let users: UsersViewController
    private let files: UserFilesView
    private let importer: ImportController
    private let exporter: ExportController

    /// `service` makes the users' service, told of the list's frames; `presenter` makes the
    /// lesson's presenter over it.
    init(
        services: AppServices, window: ApplicationWindow, service: @MainActor (NextFrame) -> UserService,
        presenter: @MainActor (UserService) -> any UsersPresenterProtocol = { UsersPresenter(service: $0) }
    ) {
        // The list's frames, which the service waits for before it collects the rest of a long
        // result: the table is made after the service it shows.
        let frames = NextFrame()
        users = UsersViewController(presenter: presenter(service(frames)))
        frames.watch(users.table.treeView)
        files = UserFilesView(page: users.root)
        users.toolsSlot.add(files.tools)
        users.emptyToolsSlot.add(files.emptyImportButton)
        let transfers = UserTransfers(store: services.store)
        importer = ImportController(view: files, page: users.root, transfers: transfers, window: window)
        let users = self.users
        exporter = ExportController(
            view: files, page: users.root, transfers: transfers, window: window.asWindow, search: { users.searchText })
        importer.onImported = weakly(users, UsersViewController.reload)
    }

    var root: Widget { users.root.widget }
    var defaultButton: Button? { nil }
    func pageDidAppear() { users.pageDidAppear() }
    func startSearch() { users.startSearch() }
}
