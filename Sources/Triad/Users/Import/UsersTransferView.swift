import CGtk
import GtkKit
import TriadModel

/// The Users page's import or export while it runs, with its progress and Cancel, and then what
/// it did (UsersTransferView.ui). Its widgets are made the first time they are needed and put
/// between the page's search row and its list. One transfer runs at a time.
@MainActor
final class UsersTransferView {
    enum Kind { case importing, exporting }

    private let page: WidgetPointer
    private var widgets: Widgets?
    /// The running transfer's Cancel, while one runs.
    private var cancel: CancelFlag?

    var isBusy: Bool { cancel != nil }

    init(page: WidgetPointer) { self.page = page }

    private struct Widgets {
        let builder: Builder
        let progressBox: WidgetPointer
        let progressLabel: UnsafeMutablePointer<GtkLabel>
        let progress: UnsafeMutablePointer<GtkProgressBar>
        let cancelButton: WidgetPointer
        let result: UnsafeMutablePointer<GtkLabel>
    }

    private func made() -> Widgets {
        if let widgets { return widgets }
        let builder = Builder(resource: AppInfo.ui("UsersTransferView.ui"))
        let made = Widgets(builder: builder, progressBox: builder.object("progress_box"), progressLabel: builder.object("progress_label"),
                           progress: builder.object("progress"), cancelButton: builder.object("cancel_button"),
                           result: builder.object("result_label"))
        let transfer: WidgetPointer = builder.object("transfer")
        gtk_box_pack_start(page.cast(), transfer, 0, 0, 0)
        gtk_box_reorder_child(page.cast(), transfer, 1)  // under the search row
        // The view's own target: Cancel stops whichever transfer runs.
        made.cancelButton.on(.clicked, target: self, action: UsersTransferView.cancelPressed)
        widgets = made
        return made
    }

    private func cancelPressed() { cancel?.cancel() }

    /// A transfer starts: its progress from nothing, and Cancel for `cancel`.
    func start(_ kind: Kind, cancel: CancelFlag) {
        let widgets = made()
        self.cancel = cancel
        widgets.progressLabel.text = kind == .importing ? L("Importing users…") : L("Exporting users…")
        widgets.cancelButton.setAccessibleName(kind == .importing ? L("Cancel import") : L("Cancel export"))
        gtk_progress_bar_set_fraction(widgets.progress, 0)
        widgets.progressBox.isVisible = true
        widgets.result.isVisible = false
    }

    func showProgress(_ fraction: Double) {
        guard let widgets, isBusy else { return }
        gtk_progress_bar_set_fraction(widgets.progress, fraction)
    }

    /// The transfer ended (or never started): what it did, or why not.
    func showResult(_ text: String, isError: Bool, of kind: Kind) {
        let widgets = made()
        cancel = nil
        widgets.progressBox.isVisible = false
        widgets.result.text = text
        widgets.result.setAccessibleName(kind == .importing ? L("Import result") : L("Export result"))
        widgets.result.setStyleClass("error-message", isError)
        widgets.result.isVisible = true
    }
}
