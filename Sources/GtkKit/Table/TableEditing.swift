import CGtk

// Cells a person edits in place, as UITableView's editing hands each change to its delegate: the
// table only says which cell was edited and with what text, and decides nothing. The delegate
// asks its model; when the model refuses, it can open the same cell again with the text that was
// typed and a problem to show at it (`startEditing`), so nothing typed is lost.

/// Hears the edits of a table's editable cells (seed 002's delegate: the view hands the person's
/// change on, and the delegate decides what it means).
@MainActor
public protocol TableEditingDelegate: AnyObject {
    /// The person finished editing the cell at `row` (of the whole list) and `column` with `text`
    /// (Enter, or the focus leaving the cell; Escape cancels, and is not told).
    func table(_ table: Table, didEditRow row: Int, column: Int, text: String)
    /// The person pressed Ctrl+V in the table, no cell being edited (a cell's editor pastes into
    /// itself): paste into the list what the clipboard holds, if that means something here.
    func tableDidRequestPaste(_ table: Table)
}

/// A cell to open with a text and a problem of its own, once its editor exists.
struct PendingEdit {
    let row: Int
    let column: Int
    let text: String?
    let problem: String?
}

extension Table {
    /// Lets the person edit the cells `renderer` draws (column `column`).
    func makeEditable(_ renderer: UnsafeMutablePointer<GtkCellRenderer>, column: Int) {
        setBooleanProperty(renderer.cast(), "editable", true)
        connectRaw(UnsafeMutableRawPointer(renderer), "edited", arguments: 2) { [weak self] path, text in
            guard let self, let path, let text else { return false }
            // Both strings belong to the emission: copied before anything else runs.
            let edited = String(cString: text.assumingMemoryBound(to: CChar.self))
            guard let windowRow = Int(String(cString: path.assumingMemoryBound(to: CChar.self))) else { return false }
            guard let editingDelegate else { return false }
            let row = first + windowRow
            for watcher in Watching.watchers { watcher.table(tells: editingDelegate, .edited(row: row, column: column, text: edited)) }
            editingDelegate.table(self, didEditRow: row, column: column, text: edited)
            return false
        }
        connectRaw(UnsafeMutableRawPointer(renderer), "editing-started", arguments: 2) { [weak self] editable, path in
            guard let self, let editable, let path else { return false }
            let windowRow = Int(String(cString: path.assumingMemoryBound(to: CChar.self))) ?? -1
            self.editingStarted(Widget(unchecked: ObjectPointer(editable)), row: first + windowRow, column: column)
            return false
        }
    }

    /// Opens the cell at `row` and `column` for editing, selected and scrolled into view. With
    /// `text`, the editor starts with that text instead of the cell's; with `problem`, the editor
    /// is marked as an error and a screen reader reads the problem with it (its accessible
    /// description). It opens once the main loop is back, so that a delegate may ask for it while
    /// the edit it refused is still ending.
    public func startEditing(row: Int, column: Int, text: String? = nil, problem: String? = nil) {
        guard row >= 0, row < count, treeColumns.indices.contains(column) else { return }
        pendingEdit = PendingEdit(row: row, column: column, text: text, problem: problem)
        MainLoop.whenIdle { [weak self] in self?.openPendingEdit() }
    }

    private func openPendingEdit() {
        guard let edit = pendingEdit, edit.row < count else {
            pendingEdit = nil
            return
        }
        select(row: edit.row)
        guard edit.row >= first, edit.row < first + windowRows else { return }
        var index = gint(edit.row - first)
        guard let path = gtk_tree_path_new_from_indicesv(&index, 1) else { return }
        defer { gtk_tree_path_free(path) }
        treeView.grabFocus()
        gtk_tree_view_set_cursor(treeView.pointer.typed(), path, treeColumns[edit.column], 1)
    }

    /// The editor of a cell opened: give it the text and problem asked for, if it is that cell.
    private func editingStarted(_ editor: Widget, row: Int, column: Int) {
        guard let edit = pendingEdit, edit.row == row, edit.column == column else { return }
        pendingEdit = nil
        guard let entry = editor.as(Entry.self) else { return }
        if let text = edit.text {
            entry.text = text
            gtk_editable_set_position(OpaquePointer(entry.pointer.raw), -1)
        }
        if let problem = edit.problem {
            entry.setStyleClass("error", true)
            entry.accessibleDescription = problem
            entry.tooltip = problem
        }
    }

    /// Whether a cell's editor is open.
    public var isEditing: Bool {
        var column: UnsafeMutablePointer<GtkTreeViewColumn>?
        gtk_tree_view_get_cursor(treeView.pointer.typed(), nil, &column)
        guard let column else { return false }
        let cells = gtk_cell_layout_get_cells(OpaquePointer(column))
        defer { g_list_free(cells) }
        var node = cells
        while let current = node {
            if let renderer = current.pointee.data?.assumingMemoryBound(to: GtkCellRenderer.self),
                booleanProperty(renderer.cast(), "editing")
            {
                return true
            }
            node = current.pointee.next
        }
        return false
    }
}
