import CGtk

// Plain lists of text: a tree view over a GtkListStore, for lists short enough to hold whole
// (the messages, a file's first rows, a page's files). A list of any length is a `Table`.

/// A list or a tree of rows in columns.
public struct TreeView: WidgetProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_tree_view_get_type() }

    private var view: UnsafeMutablePointer<GtkTreeView> { pointer.typed() }

    /// How many rows its model has at the top level (0 without a model).
    @MainActor public var rowCount: Int {
        gtk_tree_view_get_model(view).map { Int(gtk_tree_model_iter_n_children($0, nil)) } ?? 0
    }

    /// Which rows are selected; its `.changed` fires when that changes.
    @MainActor public var selection: TreeSelection { TreeSelection(unchecked: ObjectPointer(gtk_tree_view_get_selection(view))) }

    /// Puts the cursor (and, in a single-selection list, the selection) on `row`.
    @MainActor public func setCursor(row: Int) {
        let path = gtk_tree_path_new()
        gtk_tree_path_append_index(path, gint(row))
        gtk_tree_view_set_cursor(view, path, nil, 0)
        gtk_tree_path_free(path)
    }

    /// The row the cursor is on, if any.
    @MainActor public var cursorRow: Int? {
        var path: OpaquePointer?
        gtk_tree_view_get_cursor(view, &path, nil)
        guard let path else { return nil }
        defer { gtk_tree_path_free(path) }
        return gtk_tree_path_get_indices(path).map { Int($0[0]) }
    }

    /// Scrolls so that `row` is in view.
    @MainActor public func scroll(toRow row: Int) {
        var index = gint(row)
        guard row >= 0, let path = gtk_tree_path_new_from_indicesv(&index, 1) else { return }
        gtk_tree_view_scroll_to_cell(view, path, nil, 0, 0, 0)
        gtk_tree_path_free(path)
    }

    /// Shows `store` with one text column per title (ellipsized, resizable; the first one narrow
    /// if `narrowFirst`), and, if given, the column whose text is each row's tooltip.
    @MainActor public func show(_ store: ListStore, titles: [String], narrowFirst: Bool = false, tooltipColumn: Int? = nil) {
        while let column = gtk_tree_view_get_column(view, 0) { gtk_tree_view_remove_column(view, column) }
        var ellipsize = GValue()
        g_value_init(&ellipsize, pango_ellipsize_mode_get_type())
        g_value_set_enum(&ellipsize, Int32(PANGO_ELLIPSIZE_END.rawValue))
        defer { g_value_unset(&ellipsize) }
        for (index, title) in titles.enumerated() {
            let renderer = gtk_cell_renderer_text_new()!
            g_object_set_property(UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GObject.self), "ellipsize", &ellipsize)
            let column = gtk_tree_view_column_new()!
            // A column's title is a mnemonic label: the underscores of `first_name` are doubled.
            gtk_tree_view_column_set_title(column, title.split(separator: "_", omittingEmptySubsequences: false).joined(separator: "__"))
            gtk_tree_view_column_set_resizable(column, 1)
            if index > 0 || !narrowFirst {
                gtk_tree_view_column_set_min_width(column, 100)
                gtk_tree_view_column_set_expand(column, 1)
            }
            gtk_tree_view_column_set_max_width(column, index == 0 && narrowFirst ? 60 : 280)
            gtk_tree_view_column_pack_start(column, renderer, 1)
            gtk_tree_view_column_add_attribute(column, renderer, "text", gint(index))
            gtk_tree_view_append_column(view, column)
        }
        gtk_tree_view_set_tooltip_column(view, tooltipColumn.map { gint($0) } ?? -1)
        gtk_tree_view_set_model(view, OpaquePointer(store.pointer.raw))
    }

    /// Draws every cell of a row plain or dimmed as `sensitive` answers for the row's key, the
    /// whole number in its `keyColumn` (a `gint64` column, `ListStore.Cell.key`). GTK asks as it
    /// draws or measures a row, so that which rows are dimmed can change for a whole list at the
    /// cost of the rows in view: change what `sensitive` answers, then `queueDraw()`, with no
    /// write to the store (each of which would have the view measure its row again). It takes the
    /// place of the renderers' "sensitive" attributes.
    @MainActor public func setSensitivity(byKeyIn keyColumn: Int, _ sensitive: @escaping @MainActor (Int) -> Bool) {
        var index: gint = 0
        while let column = gtk_tree_view_get_column(view, index) {
            let cells = gtk_cell_layout_get_cells(OpaquePointer(column))
            var link = cells
            while let node = link {
                let box = ClosureBox<Sensitivity>((keyColumn, sensitive))
                gtk_tree_view_column_set_cell_data_func(
                    column, node.pointee.data.assumingMemoryBound(to: GtkCellRenderer.self), sensitivityByKey, box.retainedPointer(),
                    { ClosureBoxBase.release($0) })
                link = node.pointee.next
            }
            g_list_free(cells)
            index += 1
        }
    }
}

private typealias Sensitivity = (keyColumn: Int, sensitive: @MainActor (Int) -> Bool)

/// GTK's cell data function for `setSensitivity`: the row's key read, the renderer set.
private let sensitivityByKey: GtkTreeCellDataFunc = { _, renderer, model, iter, data in
    let box = ClosureBox<Sensitivity>.from(data)
    var value = GValue()
    gtk_tree_model_get_value(model, iter, gint(box.function.keyColumn), &value)
    let key = Int(g_value_get_int64(&value))
    g_value_unset(&value)
    let sensitive = MainActor.assumeIsolated { box.function.sensitive(key) }
    gtk_cell_renderer_set_sensitive(renderer, sensitive ? 1 : 0)
}

/// The selection of a tree view.
public struct TreeSelection: ObjectHandle {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_tree_selection_get_type() }

    /// The selected row's place (in a single-selection list), or nil.
    @MainActor public var selectedRow: Int? {
        var iter = GtkTreeIter()
        var model: OpaquePointer?
        guard gtk_tree_selection_get_selected(pointer.typed(), &model, &iter) != 0, let model,
            let path = gtk_tree_model_get_path(model, &iter)
        else { return nil }
        defer { gtk_tree_path_free(path) }
        return gtk_tree_path_get_indices(path).map { Int($0[0]) }
    }

    /// Selects `row`.
    @MainActor public func select(row: Int) {
        var index = gint(row)
        guard let path = gtk_tree_path_new_from_indicesv(&index, 1) else { return }
        gtk_tree_selection_select_path(pointer.typed(), path)
        gtk_tree_path_free(path)
    }

    /// Selects no row.
    @MainActor public func unselectAll() { gtk_tree_selection_unselect_all(pointer.typed()) }
}

/// Rows of cells held in memory: texts, whole numbers (a font weight), yes-or-no flags, and keys
/// (a row's id).
public struct ListStore: ObjectHandle {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_list_store_get_type() }

    private var store: UnsafeMutablePointer<GtkListStore> { pointer.typed() }

    /// One cell's value.
    public enum Cell: Equatable, Sendable {
        /// A text.
        case text(String)
        /// A whole number.
        case number(Int32)
        /// Yes or no (a `gboolean` column).
        case flag(Bool)
        /// A row's key, a whole number that does not wrap (a `gint64` column): an id.
        case key(Int)
    }

    /// A new store of `columns` text columns (hold it with `Owned` until a view shows it).
    @MainActor public static func texts(columns: Int) -> Owned<ListStore> {
        var types = [GType](repeating: stringType, count: columns)
        return Owned(ListStore(unchecked: ObjectPointer(gtk_list_store_newv(gint(columns), &types))))
    }

    /// How many rows it holds.
    @MainActor public var rowCount: Int { Int(gtk_tree_model_iter_n_children(OpaquePointer(store), nil)) }

    /// Removes every row.
    @MainActor public func clear() { gtk_list_store_clear(store) }

    /// Adds a row at the end.
    @MainActor public func append(_ cells: [Cell]) {
        var iter = GtkTreeIter()
        gtk_list_store_append(store, &iter)
        set(&iter, cells)
    }

    /// Changes the cells of `row`.
    @MainActor public func replace(row: Int, with cells: [Cell]) {
        var iter = GtkTreeIter()
        guard gtk_tree_model_iter_nth_child(OpaquePointer(store), &iter, nil, gint(row)) != 0 else { return }
        set(&iter, cells)
    }

    @MainActor private func set(_ iter: inout GtkTreeIter, _ cells: [Cell]) {
        for (column, cell) in cells.enumerated() {
            var value = GValue()
            switch cell {
            case .text(let text):
                g_value_init(&value, stringType)
                g_value_set_string(&value, text)
            case .number(let number):
                g_value_init(&value, intType)
                g_value_set_int(&value, number)
            case .flag(let flag):
                g_value_init(&value, booleanType)
                g_value_set_boolean(&value, flag ? 1 : 0)
            case .key(let key):
                g_value_init(&value, int64Type)
                g_value_set_int64(&value, gint64(key))
            }
            gtk_list_store_set_value(store, &iter, gint(column), &value)
            g_value_unset(&value)
        }
    }
}
