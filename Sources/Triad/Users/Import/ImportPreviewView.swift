import CGtk
import GtkKit
import TriadModel

/// The import preview's dialog (ImportPreviewView.ui): the character set, the separator, a
/// column for each field, and the first rows of the file as they will be read. It shows what its
/// controller gives it; the choices reach the controller by target-action.
@MainActor
final class ImportPreviewView {
    private let builder = Builder(resource: AppInfo.ui("ImportPreviewView.ui"))
    /// Owned: the dialog is destroyed when this view goes.
    private let owned: Owned<GtkDialog>
    var dialog: UnsafeMutablePointer<GtkDialog> { owned.pointer }
    let encodingCombo: UnsafeMutablePointer<GtkComboBoxText>
    let separatorCombo: UnsafeMutablePointer<GtkComboBoxText>
    private let separatorLabel: WidgetPointer
    /// The column choosers, in `UserField` order.
    let columnCombos: [UnsafeMutablePointer<GtkComboBoxText>]
    private let tree: UnsafeMutablePointer<GtkTreeView>
    private let status: UnsafeMutablePointer<GtkLabel>

    init(parent: WidgetPointer, fileName: String) {
        owned = Owned(window: builder.object("dialog"))
        encodingCombo = builder.object("encoding_combo")
        separatorCombo = builder.object("separator_combo")
        separatorLabel = builder.object("separator_label")
        let builder = self.builder
        columnCombos = ["first_name_combo", "last_name_combo", "email_combo", "age_combo"].map { builder.object($0) }
        tree = builder.object("preview_tree")
        status = builder.object("status_label")
        if let header = gtk_dialog_get_header_bar(dialog) {
            gtk_header_bar_set_subtitle(header.cast(), fileName)
        }
        if let toplevel = gtk_widget_get_toplevel(parent) {
            gtk_window_set_transient_for(dialog.cast(), toplevel.cast())
            installWindowActions(Self.actions, on: dialog.cast(), owner: self,
                                 application: gtk_window_get_application(toplevel.cast()))
        }
    }

    /// The dialog's own actions (`win.*`): Ctrl+W, as every window (GtkDialog answers Escape).
    static var actions: [ActionEntry<ImportPreviewView>] {
        [ActionEntry("close", ["<Primary>w"], ImportPreviewView.closeWindow)]
    }

    func closeWindow() { gtk_window_close(dialog.cast()) }
    func present() { gtk_window_present(dialog.cast()) }
    func close() { gtk_widget_destroy(dialog.widget) }

    /// Fills a chooser with `items` and selects one (without its `changed` reaching anyone who
    /// checks `isFilling`).
    func fill(_ combo: UnsafeMutablePointer<GtkComboBoxText>, _ items: [String], selected: Int) {
        isFilling = true
        defer { isFilling = false }
        gtk_combo_box_text_remove_all(combo)
        for item in items { gtk_combo_box_text_append_text(combo, item) }
        gtk_combo_box_set_active(combo.cast(), Int32(selected))
    }

    /// True while the view itself changes a chooser: its `changed` is no choice of the person's.
    private(set) var isFilling = false

    func selected(_ combo: UnsafeMutablePointer<GtkComboBoxText>) -> Int { Int(gtk_combo_box_get_active(combo.cast())) }

    func showSeparator(_ shown: Bool) {
        separatorLabel.isVisible = shown
        separatorCombo.isVisible = shown
    }

    /// The rows: a column for the line, one for each of `titles`, and one for what is wrong with
    /// a row when any row has something wrong.
    func showRows(titles: [String], rows: [(line: Int, fields: [String], note: String?)]) {
        while let column = gtk_tree_view_get_column(tree, 0) { gtk_tree_view_remove_column(tree, column) }
        let withNotes = rows.contains { $0.note != nil }
        let all = [L("Line")] + titles + (withNotes ? [L("Problem")] : [])
        var types = [GType](repeating: GType(16 << G_TYPE_FUNDAMENTAL_SHIFT), count: all.count)  // G_TYPE_STRING
        let store = gtk_list_store_newv(Int32(all.count), &types)!
        var ellipsize = GValue()
        g_value_init(&ellipsize, pango_ellipsize_mode_get_type())
        g_value_set_enum(&ellipsize, Int32(PANGO_ELLIPSIZE_END.rawValue))
        defer { g_value_unset(&ellipsize) }
        for (index, title) in all.enumerated() {
            let renderer = gtk_cell_renderer_text_new()!
            g_object_set_property(UnsafeMutablePointer<GObject>(OpaquePointer(renderer)), "ellipsize", &ellipsize)
            let column = gtk_tree_view_column_new()!
            // A column's title is a mnemonic label: the underscores of `first_name` are doubled.
            gtk_tree_view_column_set_title(column, title.split(separator: "_", omittingEmptySubsequences: false).joined(separator: "__"))
            gtk_tree_view_column_set_resizable(column, 1)
            if index > 0 {
                gtk_tree_view_column_set_min_width(column, 100)
                gtk_tree_view_column_set_expand(column, 1)
            }
            gtk_tree_view_column_set_max_width(column, index == 0 ? 60 : 280)
            gtk_tree_view_column_pack_start(column, renderer, 1)
            gtk_tree_view_column_add_attribute(column, renderer, "text", Int32(index))
            gtk_tree_view_append_column(tree, column)
        }
        for row in rows {
            var iter = GtkTreeIter()
            gtk_list_store_append(store, &iter)
            // One line per cell: a line break inside a quoted field shows as a symbol.
            let cells = [String(row.line)] + row.fields.map { $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "⏎") }
            for (index, cell) in cells.prefix(titles.count + 1).enumerated() { setText(store, &iter, column: index, cell) }
            if withNotes { setText(store, &iter, column: all.count - 1, row.note ?? "") }
        }
        // A problem, cut short in its cell, is read whole in the row's tooltip.
        gtk_tree_view_set_tooltip_column(tree, withNotes ? Int32(all.count - 1) : -1)
        gtk_tree_view_set_model(tree, OpaquePointer(store))
        g_object_unref(store)  // the view holds it
    }

    func showStatus(_ text: String, isError: Bool) {
        status.text = text
        status.setStyleClass("error-message", isError)
        status.setStyleClass("secondary-text", !isError)
    }

    func setImportable(_ importable: Bool) {
        gtk_dialog_set_response_sensitive(dialog, GTK_RESPONSE_OK.rawValue, gbool(importable))
    }
}
