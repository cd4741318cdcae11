import GtkKit
import TriadModel

/// The users page's export, from the menu beside Import (its `users.*` actions): all users, or
/// those the search shows, to a CSV or JSON file the person names (the format follows the name:
/// the model's `ExportDestination`), written by the model's `UserTransfers` as a long operation,
/// with progress and Cancel (the desktop's part: Desktop/LongOperation.swift).
@MainActor
final class ExportController {
    private let transfers: UserTransfers
    private let view: UserFilesView
    private let desktop: DesktopSession
    private let page: Box
    /// The search the page shows now.
    private let search: @MainActor () -> String
    private let actions = ActionGroup.make()
    private var chooser: Owned<FileChooser>?

    init(view: UserFilesView, page: Box, transfers: UserTransfers, window: Window, search: @escaping @MainActor () -> String) {
        self.view = view
        self.page = page
        self.transfers = transfers
        self.search = search
        desktop = DesktopSession(window: window)
        actions.object.install(Self.actionTable, owner: self)
        actions.object.insert(into: page, prefix: "users")
        // "Export Search Result…" follows the search each time the menu opens.
        view.menuButton.on(.toggled, target: self, action: ExportController.menuToggled)
    }

    static var actionTable: [ActionEntry<ExportController>] {
        [ActionEntry("export-all", [], ExportController.exportAll), ActionEntry("export-found", [], ExportController.exportFound)]
    }

    /// "Export Search Result…" is there while a search is.
    private func menuToggled() {
        actions.object.setEnabled("export-found", !search().trimmingWhitespace.isEmpty)
    }

    private func exportAll() { choose(search: nil) }
    private func exportFound() { choose(search: search()) }

    private func choose(search: String?) {
        guard !view.transfer.isBusy, chooser == nil else { return }
        chooser = chooseFile(
            .save, title: L("Export Users"), accept: L("_Export"), cancel: L("_Cancel"), over: page,
            filters: [
                FileFilter(L("CSV"), mimeTypes: ["text/csv"], patterns: ["*.csv"]),
                FileFilter(L("JSON"), mimeTypes: ["application/json"], patterns: ["*.json"]),
            ],
            suggestedName: "users.csv",
            chosen: { [weak self] path in self?.export(to: path, search: search) },
            answered: { [weak self] in self?.chooser = nil })
    }

    private func export(to chosen: String, search: String?) {
        guard !view.transfer.isBusy else { return }
        let destination = ExportDestination(chosen: chosen)
        let cancel = CancelFlag()
        view.transfer.start(.exporting, cancel: cancel)
        let transfers = self.transfers
        desktop.runLongOperation(
            because: L("Exporting users"),
            { progress in transfers.exportUsers(to: destination, search: search, cancel: cancel, progress: progress) },
            progress: { [weak self] fraction in self?.view.transfer.showProgress(fraction) },
            finished: { [weak self] result in self?.exported(result, to: destination) })
    }

    private func exported(_ result: Result<Int, ExportError>, to destination: ExportDestination) {
        switch result {
        case .success(let count):
            let text = LN("{count} user exported to “{name}”.", "{count} users exported to “{name}”.", count)
                .filling(["count": formattedCount(count), "name": destination.fileName])
            view.transfer.showResult(text, isError: false, of: .exporting)
            desktop.notifyIfAway(id: "export", title: L("Export finished"), body: text)
        case .failure(let error):
            view.transfer.showResult(error.message, isError: error != .cancelled, of: .exporting)
        }
    }
}
