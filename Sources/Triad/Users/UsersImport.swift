import CGtk
import GtkKit
import TriadModel

/// The Users page's import: a CSV or JSON file chosen with Import… or dropped on the page is read
/// on a worker thread (its own connection, one transaction), with progress and Cancel, while the
/// desktop session is kept from ending; the result is said on the page, and in a notification
/// when the person has turned to another window.
@MainActor
final class UsersImport {
    private let storePath: String
    private let desktop: DesktopSession
    private let importButtons: [WidgetPointer]
    private let progressBox: WidgetPointer
    private let progress: UnsafeMutablePointer<GtkProgressBar>
    private let message: UnsafeMutablePointer<GtkLabel>
    private var running: CancelFlag?
    private var chooser: Owned<GtkNativeDialog>?
    /// Told when an import has ended (so the page shows the list again).
    var onImported: (@MainActor () -> Void)?

    init(builder: Builder, storePath: String, window: WidgetPointer) {
        self.storePath = storePath
        desktop = DesktopSession(window: window.cast())
        importButtons = [builder.object("import_button"), builder.object("empty_import_button")]
        progressBox = builder.object("import_box")
        progress = builder.object("import_progress")
        message = builder.object("import_message")
        for button in importButtons { button.on(.clicked, target: self, action: UsersImport.chooseFile) }
        builder.object("cancel_import_button", as: GtkWidget.self).on(.clicked, target: self, action: UsersImport.cancel)
        // A file dropped anywhere on the page (the list or the empty state) is imported.
        acceptFileDrops(on: builder.object("root"), weakly(self, UsersImport.filesDropped))
    }

    private func chooseFile() {
        chooser = GtkKit.chooseFile(title: L("Import Users"), action: GTK_FILE_CHOOSER_ACTION_OPEN, accept: L("_Import"),
                                    cancel: L("_Cancel"), parent: progressBox, configure: { chooser in
            let filter = gtk_file_filter_new()!
            gtk_file_filter_set_name(filter, L("Users (CSV or JSON)"))
            for type in ["text/csv", "application/json"] { gtk_file_filter_add_mime_type(filter, type) }
            gtk_file_chooser_add_filter(chooser, filter)
        }, chosen: weakly(self, UsersImport.importFile), answered: { [weak self] in self?.chooser = nil })
    }

    /// Files dropped on the page: imported like a chosen one (the first, if several).
    private func filesDropped(_ paths: [String]) {
        guard let path = paths.first else {
            return showResult(L("Only files can be imported; drop a CSV or JSON file from your computer."), isError: true)
        }
        importFile(path)
    }

    private func cancel() { running?.cancel() }

    private func importFile(_ path: String) {
        guard running == nil else { return }
        // The format follows what the file is (its content type from the shared MIME database:
        // name and first bytes), not how its name is spelt.
        let type = contentType(ofFile: path)
        let format: UserImporter.Format
        switch type {
        case let type? where contentType(type, isA: "application/json"): format = .json
        case let type? where contentType(type, isA: "text/plain"): format = .csv  // text/csv is a kind of it
        default:
            let name = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
            return showResult(L("“{name}” is not a CSV or JSON file ({type}); nothing was imported.")
                .filling(["name": name, "type": type ?? L("unreadable")]), isError: true)
        }
        let cancel = CancelFlag()
        running = cancel
        showImporting(true)
        let ticket = desktop.preventEnding(because: L("Importing users"))
        let storePath = self.storePath
        WorkerThread.run({
            UserImporter.run(path: path, format: format, storePath: storePath, cancel: cancel) { fraction in
                MainLoop.hop { [weak self] in self?.showProgress(fraction) }
            }
        }) { [weak self] result in
            guard let self else { return }
            self.running = nil
            self.desktop.allowEnding(ticket)
            self.showImporting(false)
            switch result {
            case .success(let report):
                self.showResult(report.message, isError: false)
                self.desktop.notifyIfAway(id: "import", title: L("Import finished"), body: report.message)
            case .failure(let error):
                self.showResult(error.message, isError: error != .cancelled)
                if error != .cancelled { self.desktop.notifyIfAway(id: "import", title: L("Import failed"), body: error.message) }
            }
            self.onImported?()
        }
    }

    private func showImporting(_ importing: Bool) {
        progressBox.isVisible = importing
        for button in importButtons { button.isSensitive = !importing }
        if importing {
            gtk_progress_bar_set_fraction(progress, 0)
            message.isVisible = false
        }
    }

    private func showProgress(_ fraction: Double) {
        gtk_progress_bar_set_fraction(progress, fraction)
    }

    private func showResult(_ text: String, isError: Bool) {
        message.text = text
        message.setStyleClass("error-message", isError)
        message.isVisible = true
    }
}
