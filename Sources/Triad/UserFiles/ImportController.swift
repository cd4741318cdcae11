import GtkKit
import TriadModel

/// The users page's import: a file chosen with Import…, dropped on the page, or opened with Triad
/// from the file manager (`win.import-file`, TriadApplication) is shown in the import preview
/// (ImportPreviewController.swift); what the person confirms there is read on a worker thread (its
/// own connection, one transaction), with progress and Cancel, while the desktop session is kept
/// from ending; the result is said on the page, and in a notification when the person has turned
/// to another window.
@MainActor
final class ImportController: ImportPreviewDelegate {
    private let storePath: String
    private let desktop: DesktopSession
    private let view: UserFilesView
    private let page: Box
    private var chooser: Owned<FileChooser>?
    private var preview: ImportPreviewController?
    /// `win.import-file`, for as long as the page is there.
    private var fileAction: AddedAction?
    /// Told when an import has ended (so the page shows the list again).
    var onImported: (@MainActor () -> Void)?

    init(view: UserFilesView, page: Box, storePath: String, window: ApplicationWindow) {
        self.view = view
        self.page = page
        self.storePath = storePath
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
        // The format follows what the file is (its content type from the shared MIME database:
        // name and first bytes), not how its name is spelt.
        let format: UserImporter.Format
        switch ImportFileKind.of(path) {
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
        for button in view.importButtons { button.isSensitive = false }
        let ticket = desktop.preventEnding(because: L("Importing users"))
        let storePath = self.storePath
        WorkerThread.run(
            {
                UserImporter.run(path: path, options: options, storePath: storePath, cancel: cancel) { fraction in
                    MainLoop.hop { [weak self] in self?.view.transfer.showProgress(fraction) }
                }
            },
            then: { [weak self] result in
                guard let self else { return }
                self.desktop.allowEnding(ticket)
                for button in self.view.importButtons { button.isSensitive = true }
                switch result {
                case .success(let report):
                    self.view.transfer.showResult(report.message, isError: false, of: .importing)
                    self.desktop.notifyIfAway(id: "import", title: L("Import finished"), body: report.message)
                case .failure(let error):
                    self.view.transfer.showResult(error.message, isError: error != .cancelled, of: .importing)
                    if error != .cancelled { self.desktop.notifyIfAway(id: "import", title: L("Import failed"), body: error.message) }
                }
                self.onImported?()
            })
    }
}

/// What an imported file is, by its content type (the shared MIME database: its name and first
/// bytes): the window's import and `triad --import` decide alike.
enum ImportFileKind {
    static func of(_ path: String) -> Result<UserImporter.Format, Refusal> {
        if let reason = whyUnreadable(path) { return .failure(Refusal(message: ImportError.cannotOpen(reason).message)) }
        let type = contentType(ofFile: path)
        switch type {
        case let type? where contentType(type, isA: "application/json"): return .success(.json)
        case let type? where contentType(type, isA: "text/plain"): return .success(.csv)  // text/csv and .tsv are kinds of it
        default:
            let name = String(path.split(separator: "/").last ?? Substring(path))
            return .failure(
                Refusal(
                    message: L("“{name}” is not a CSV or JSON file ({type}); nothing was imported.")
                        .filling(["name": name, "type": type ?? L("unreadable")])))
        }
    }

    struct Refusal: Error { let message: String }
}
