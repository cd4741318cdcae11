import GtkKit
import TriadModel

/// The import preview's dialog (ImportPreviewView.ui): the character set, the separator, a
/// column for each field, and the first rows of the file as they will be read. It shows what its
/// controller gives it; the choices reach the controller by target-action.
@MainActor
final class ImportPreviewView {
    private let builder = Builder(resource: AppInfo.ui("ImportPreviewView.ui"))
    /// Owned: the dialog is destroyed when this view goes.
    private let owned: Owned<Dialog>
    var dialog: Dialog { owned.object }
    let encodingCombo: ComboBoxText
    let separatorCombo: ComboBoxText
    private let separatorLabel: Label
    /// The column choosers, in `UserField` order.
    let columnCombos: [ComboBoxText]
    private let tree: TreeView
    private let status: Label
    /// The rows shown; a new store for each file reading (its columns change with the file).
    private var rows: Owned<ListStore>?

    init(over window: Window, fileName: String) {
        owned = Owned(window: builder.object("dialog"))
        encodingCombo = builder.object("encoding_combo")
        separatorCombo = builder.object("separator_combo")
        separatorLabel = builder.object("separator_label")
        let builder = self.builder
        columnCombos = ["first_name_combo", "last_name_combo", "email_combo", "age_combo"].map { builder.object($0) }
        tree = builder.object("preview_tree")
        status = builder.object("status_label")
        dialog.headerBar?.subtitle = fileName
        dialog.setTransient(for: window)
        dialog.installActions(Self.actions, owner: self, application: window.application)
    }

    /// The dialog's own actions (`win.*`): Ctrl+W, as every window (GtkDialog answers Escape).
    static var actions: [ActionEntry<ImportPreviewView>] {
        [ActionEntry("close", ["<Primary>w"], ImportPreviewView.closeWindow)]
    }

    func closeWindow() { dialog.close() }
    func present() { dialog.present() }
    func close() { dialog.destroy() }

    /// Fills a chooser with `items` and selects one (without its `changed` reaching anyone who
    /// checks `isFilling`).
    func fill(_ combo: ComboBoxText, _ items: [String], selected: Int) {
        isFilling = true
        defer { isFilling = false }
        combo.setItems(items, selected: selected)
    }

    /// True while the view itself changes a chooser: its `changed` is no choice of the person's.
    private(set) var isFilling = false

    func showSeparator(_ shown: Bool) {
        separatorLabel.isVisible = shown
        separatorCombo.isVisible = shown
    }

    /// The rows: a column for the line, one for each of `titles`, and one for what is wrong with
    /// a row when any row has something wrong (its text also the row's tooltip, for a problem
    /// cut short in its cell).
    func showRows(titles: [String], rows: [(line: Int, fields: [String], note: String?)]) {
        let withNotes = rows.contains { $0.note != nil }
        let all = [L("Line")] + titles + (withNotes ? [L("Problem")] : [])
        let store = ListStore.texts(columns: all.count)
        for row in rows {
            // One line per cell: a line break inside a quoted field shows as a symbol.
            let cells =
                [String(row.line)]
                + row.fields.prefix(titles.count).map {
                    $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "⏎")
                }
            let padded = cells + Array(repeating: "", count: titles.count + 1 - cells.count)
            store.object.append((padded + (withNotes ? [row.note ?? ""] : [])).map { .text($0) })
        }
        tree.show(store.object, titles: all, narrowFirst: true, tooltipColumn: withNotes ? all.count - 1 : nil)
        self.rows = store
    }

    func showStatus(_ text: String, isError: Bool) {
        status.showAsStatus(text, isError: isError)
    }

    func setImportable(_ importable: Bool) { dialog.setResponse(.ok, enabled: importable) }
}
