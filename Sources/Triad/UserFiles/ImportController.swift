import GtkKit
import TriadModel

/// The users page's import: a file chosen with Import…, dropped on the page, or opened with Triad
/// from the file manager (`win.import-file`, TriadApplication) is shown in the import preview
/// (ImportPreviewController.swift); what the person confirms there is read into the user list
/// (the model's `UserTransfers`) as a long operation, with progress and Cancel (the desktop's
/// part: Desktop/LongOperation.swift); the result is said on the page, and in a notification
/// when the person has turned to another window.
@MainActor
final class ImportController: ImportPreviewDelegate {
    private let transfers: UserTransfers
    private let desktop: DesktopSession
    private let view: UserFilesView
    private let page: Box
    private var chooser: Owned<FileChooser>?
    private var preview: ImportPreviewController?
    /// `win.import-file`, for as long as the page is there.
    private var fileAction: AddedAction?
    /// Told when an import has ended (so the page shows the list again).
    var onImported: (@MainActor () -> Void)?

    init(view: UserFilesView, page: Box, transfers: UserTransfers, window: ApplicationWindow) {
        self.view = view
        self.page = page
        self.transfers = transfers
        desktop = DesktopSession(window: window.asWindow)
        for button in view.importButtons { button.on(.clicked, target: self, action: ImportController.chooseFile) }
        // A file dropped anywhere on the page (the list or the empty state) is previewed.
        acceptFileDrops(on: page, weakly(self, ImportController.filesDropped))
        fileAction = addPathAction("import-file", to: window, weakly(self, ImportController.previewFile))
    }

    private func chooseFile() {
        chooser = GtkKit.chooseFile(
            .open, title: L("Import Users"), accept: L("_Import"), cancel: L("_Cancel"), over: page,
            filters: [
                FileFilter(
                    L("Users (CSV, TSV or JSON)"),
                    mimeTypes: ["text/csv", "text/tab-separated-values", "application/json", "text/plain"])
            ],
            chosen: weakly(self, ImportController.previewFile), answered: { [weak self] in self?.chooser = nil })
    }

    /// Files dropped on the page: previewed like a chosen one (the first, if several).
    private func filesDropped(_ paths: [String]) {
        guard let path = paths.first else {
            return view.transfer.showResult(
                L("Only files can be imported; drop a CSV or JSON file from your computer."), isError: true, of: .importing)
        }
        previewFile(path)
    }

    /// Shows how `path` will be read, for the person to confirm or change.
    private func previewFile(_ path: String) {
        guard !view.transfer.isBusy, preview == nil else { return }
        let format: UserImporter.Format
        switch ImportFileKind.of(path, types: DesktopContentTypes()) {
        case .success(let kind): format = kind
        case .failure(let refusal): return view.transfer.showResult(refusal.message, isError: true, of: .importing)
        }
        do {
            guard let window = page.window else { return }
            let controller = ImportPreviewController(preview: try ImportPreview.read(path: path, format: format), path: path, over: window)
            controller.delegate = self
            preview = controller
            controller.present()
        } catch {
            view.transfer.showResult(error.message, isError: true, of: .importing)
        }
    }

    func importPreviewDidCancel(_ controller: ImportPreviewController) { preview = nil }

    func importPreview(_ controller: ImportPreviewController, didChoose options: ImportOptions, forFile path: String) {
        preview = nil
        guard !view.transfer.isBusy else { return }
        let cancel = CancelFlag()
        view.transfer.start(.importing, cancel: cancel)
        view.setImportEnabled(false)
        let transfers = self.transfers
        desktop.runLongOperation(
            because: L("Importing users"),
            { progress in transfers.importUsers(from: path, options: options, cancel: cancel, progress: progress) },
            progress: { [weak self] fraction in self?.view.transfer.showProgress(fraction) },
            finished: { [weak self] result in self?.imported(result) })
    }

    private func imported(_ result: Result<ImportReport, ImportError>) {
        view.setImportEnabled(true)
        switch result {
        case .success(let report):
            view.transfer.showResult(report.message, isError: false, of: .importing)
            desktop.notifyIfAway(id: "import", title: L("Import finished"), body: report.message)
        case .failure(let error):
            view.transfer.showResult(error.message, isError: error != .cancelled, of: .importing)
            if error != .cancelled { desktop.notifyIfAway(id: "import", title: L("Import failed"), body: error.message) }
        }
        onImported?()
    }
}
