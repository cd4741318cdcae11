import GtkKit
import TriadModel

/// The users page's import or export while it runs, with its progress and Cancel, and then what
/// it did (TransferView.ui). Its widgets are made the first time they are needed and put between
/// the page's search row and its list. One transfer runs at a time.
@MainActor
final class TransferView {
    enum Kind { case importing, exporting }

    private let page: Box
    private var widgets: Widgets?
    /// The running transfer's Cancel, while one runs.
    private var cancel: CancelFlag?

    var isBusy: Bool { cancel != nil }

    init(page: Box) { self.page = page }

    private struct Widgets {
        let builder: Builder
        let progressBox: Widget
        let progressLabel: Label
        let progress: ProgressBar
        let cancelButton: Button
        let result: Label
    }

    private func made() -> Widgets {
        if let widgets { return widgets }
        let builder = Builder(resource: AppInfo.ui("TransferView.ui"))
        let made = Widgets(
            builder: builder, progressBox: builder.object("progress_box"), progressLabel: builder.object("progress_label"),
            progress: builder.object("progress"), cancelButton: builder.object("cancel_button"),
            result: builder.object("result_label"))
        page.insert(builder.object("transfer", as: Widget.self), at: 1)  // under the search row
        page.window?.updateKeys()
        // The view's own target: Cancel stops whichever transfer runs.
        made.cancelButton.on(.clicked, target: self, action: TransferView.cancelPressed)
        widgets = made
        return made
    }

    private func cancelPressed() { cancel?.cancel() }

    /// A transfer starts: its progress from nothing, and Cancel for `cancel`.
    func start(_ kind: Kind, cancel: CancelFlag) {
        let widgets = made()
        self.cancel = cancel
        widgets.progressLabel.text = kind == .importing ? L("Importing users…") : L("Exporting users…")
        widgets.cancelButton.accessibleName = kind == .importing ? L("Cancel import") : L("Cancel export")
        widgets.progress.fraction = 0
        widgets.progressBox.isVisible = true
        widgets.result.isVisible = false
    }

    func showProgress(_ fraction: Double) {
        guard let widgets, isBusy else { return }
        widgets.progress.fraction = fraction
    }

    /// The transfer ended (or never started): what it did, or why not.
    func showResult(_ text: String, isError: Bool, of kind: Kind) {
        let widgets = made()
        cancel = nil
        widgets.progressBox.isVisible = false
        widgets.result.text = text
        widgets.result.accessibleName = kind == .importing ? L("Import result") : L("Export result")
        widgets.result.setStyleClass("error-message", isError)
        widgets.result.isVisible = true
    }
}
