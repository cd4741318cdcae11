import CGtk

// How a GtkTreeView asks Swift for its rows. GtkTreeView reads its rows from a GtkTreeModel, a
// GObject interface; this file registers a GObject type from Swift (`GtkKitTreeModelBridge`) that
// implements that interface with @convention(c) functions, and answers "how many rows?" and
// "what is in row i, column c?" by asking a Swift closure. Nothing is copied into a GtkListStore.
// Each instance carries its Swift `TreeModelBridge` as qdata, released with the object; a row's
// iterator stores the row index. `Table` is the one user: the lesson's data source never sees it.

/// A flat list's rows for a GtkTreeView, answered by a closure. All columns are text.
@MainActor
final class TreeModelBridge {
    let columns: Int
    /// Rows the model has now (`resize(to:)` changes it, telling the views).
    private(set) var count: Int
    private let cell: @MainActor (_ row: Int, _ column: Int) -> String?
    /// The GtkTreeModel to give `gtk_tree_view_set_model`; the bridge holds one reference.
    var model: OpaquePointer { OpaquePointer(object.object.pointer.raw) }
    private let object: Owned<Object>
    let stamp: Int32 = Int32.random(in: 1...Int32.max)

    /// - Parameters:
    ///   - count: number of rows to start with.
    ///   - cell: text of a cell, asked only for rows the view draws.
    init(columns: Int, count: Int, cell: @escaping @MainActor (_ row: Int, _ column: Int) -> String?) {
        self.columns = columns
        self.count = count
        self.cell = cell
        let object = g_object_new_with_properties(ListModelType.type, 0, nil, nil)!
        self.object = Owned(Object(unchecked: ObjectPointer(object)))
        // The object points back at its bridge without retaining it (the bridge owns
        // the object); the pointer is cleared in deinit, so a tree view that still holds the
        // object afterwards sees an empty list, never a dangling pointer. No weak reference: the
        // tree view calls these functions millions of times for a large list.
        g_object_set_qdata(object, ListModelType.quark, Unmanaged.passUnretained(self).toOpaque())
    }

    isolated deinit {
        // Before `object` lets go of its reference, so no view can reach a freed bridge.
        g_object_set_qdata(object.object.gobject, ListModelType.quark, nil)
    }

    func text(row: Int, column: Int) -> String? { cell(row, column) }

    /// Makes the model `rows` long, adding or removing rows at its end, and tells the views as a
    /// GtkListStore would (`row-inserted`, `row-deleted`). A tree view keeps what it knows of the
    /// other rows, such as the fixed height it measured (a new model is measured row by row).
    func resize(to rows: Int) {
        let rows = max(0, rows)
        while count > rows {
            count -= 1
            let path = Self.path(count)
            gtk_tree_model_row_deleted(model, path)
            gtk_tree_path_free(path)
        }
        while count < rows {
            count += 1
            var iter = GtkTreeIter()
            set(&iter, row: count - 1, stamp: stamp)
            let path = Self.path(count - 1)
            gtk_tree_model_row_inserted(model, path, &iter)
            gtk_tree_path_free(path)
        }
    }

    /// Tells the views that the text of `rows` changed (`row-changed`).
    func rowsChanged(_ rows: Range<Int>) {
        var iter = GtkTreeIter()
        for row in rows.clamped(to: 0..<count) {
            set(&iter, row: row, stamp: stamp)
            let path = Self.path(row)
            gtk_tree_model_row_changed(model, path, &iter)
            gtk_tree_path_free(path)
        }
    }

    private static func path(_ row: Int) -> OpaquePointer {
        let path = gtk_tree_path_new()!
        gtk_tree_path_append_index(path, gint(row))
        return path
    }
}

private enum ListModelType {
    // g_quark_from_string, not _from_static_string: GLib keeps the name's pointer, and a Swift
    // string passed to C is a temporary copy. With the static form, GLib compared a freed buffer
    // whenever GTK looked up data on the model by name (AddressSanitizer: once the view's model
    // was kept and told of inserted rows, GtkTreeView's row-inserted did).
    static let quark: GQuark = g_quark_from_string("gtkkit-tree-model-bridge")

    static let type: GType = {
        var info = GTypeInfo()
        info.class_size = guint16(MemoryLayout<GObjectClass>.size)
        info.instance_size = guint16(MemoryLayout<GObject>.size)
        let type = g_type_register_static(g_object_get_type(), "GtkKitTreeModelBridge", &info, GTypeFlags(0))
        var interface = GInterfaceInfo(
            interface_init: { iface, _ in
                guard let iface = iface?.assumingMemoryBound(to: GtkTreeModelIface.self) else { return }
                installTreeModelFunctions(iface)
            }, interface_finalize: nil, interface_data: nil)
        g_type_add_interface_static(type, gtk_tree_model_get_type(), &interface)
        return type
    }()
}

/// How many rows the bridge behind a model object has (0 once it is gone). GTK asks on the
/// main loop's thread, where the bridge lives.
private func rowCount(_ model: OpaquePointer?) -> Int {
    guard let source = source(model) else { return 0 }
    return MainActor.assumeIsolated { source.count }
}

/// The bridge behind a model object (nil once the bridge is gone).
private func source(_ model: OpaquePointer?) -> TreeModelBridge? {
    guard let model, let data = g_object_get_qdata(UnsafeMutablePointer(model), ListModelType.quark) else { return nil }
    return Unmanaged<TreeModelBridge>.fromOpaque(data).takeUnretainedValue()
}

private func row(of iter: UnsafeMutablePointer<GtkTreeIter>?) -> Int {
    Int(bitPattern: iter?.pointee.user_data) - 1  // stored as index + 1 so row 0 is not NULL
}

private func set(_ iter: UnsafeMutablePointer<GtkTreeIter>?, row: Int, stamp: Int32) {
    iter?.pointee.stamp = stamp
    iter?.pointee.user_data = UnsafeMutableRawPointer(bitPattern: row + 1)
}

private func installTreeModelFunctions(_ iface: UnsafeMutablePointer<GtkTreeModelIface>) {
    iface.pointee.get_flags = { _ in GtkTreeModelFlags(GTK_TREE_MODEL_LIST_ONLY.rawValue | GTK_TREE_MODEL_ITERS_PERSIST.rawValue) }
    iface.pointee.get_n_columns = { model in gint(source(model)?.columns ?? 0) }
    iface.pointee.get_column_type = { _, _ in stringType }
    iface.pointee.get_iter = { model, iter, path in
        guard let source = source(model), let path, gtk_tree_path_get_depth(path) == 1,
            let indices = gtk_tree_path_get_indices(path)
        else { return 0 }
        let index = Int(indices[0])
        guard index >= 0, index < rowCount(model) else { return 0 }
        set(iter, row: index, stamp: source.stamp)
        return 1
    }
    iface.pointee.get_path = { _, iter in
        let path = gtk_tree_path_new()
        gtk_tree_path_append_index(path, gint(row(of: iter)))
        return path
    }
    iface.pointee.get_value = { model, iter, column, value in
        g_value_init(value, stringType)
        guard let source = source(model) else { return }
        let index = row(of: iter)
        // GTK asks for cell text on the main loop's thread: the bridge is main-actor code.
        let text = MainActor.assumeIsolated { source.text(row: index, column: Int(column)) }
        if let text { g_value_set_string(value, text) }
    }
    iface.pointee.iter_next = { model, iter in
        let next = row(of: iter) + 1
        guard let source = source(model), next < rowCount(model) else { return 0 }
        set(iter, row: next, stamp: source.stamp)
        return 1
    }
    iface.pointee.iter_previous = { model, iter in
        let previous = row(of: iter) - 1
        guard let source = source(model), previous >= 0 else { return 0 }
        set(iter, row: previous, stamp: source.stamp)
        return 1
    }
    iface.pointee.iter_children = { model, iter, parent in
        guard parent == nil, let source = source(model), rowCount(model) > 0 else { return 0 }
        set(iter, row: 0, stamp: source.stamp)
        return 1
    }
    iface.pointee.iter_has_child = { _, _ in 0 }
    iface.pointee.iter_n_children = { model, iter in iter == nil ? gint(rowCount(model)) : 0 }
    iface.pointee.iter_nth_child = { model, iter, parent, n in
        guard parent == nil, let source = source(model), n >= 0, Int(n) < rowCount(model) else { return 0 }
        set(iter, row: Int(n), stamp: source.stamp)
        return 1
    }
    iface.pointee.iter_parent = { _, _, _ in 0 }
}
