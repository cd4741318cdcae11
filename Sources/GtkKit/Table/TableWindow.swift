import CGtk

// The window of a `Table`: the rows of the list the tree view holds now (those on screen and the
// one partly visible below them), fitted to the view's height and moved over the list.

extension Table {
    /// Fits the window to the view's height and the scrollbar to the list.
    /// - Parameter newRows: the list changed: a new model even if the window keeps its size.
    func layout(newRows: Bool = false) {
        var visible = GdkRectangle()
        gtk_tree_view_get_visible_rect(treeView, &visible)
        let rowHeight = measureRowHeight()
        let height = Int(visible.height)
        pageRows = height >= rowHeight ? max(1, height / rowHeight) : Self.unallocatedRows
        first = clamp(first, to: 0...maxFirst)
        let page = Double(min(pageRows, max(count, 1)))
        gtk_adjustment_configure(adjustment, Double(first), 0, Double(max(count, 1)), 1, max(1, page - 1), page)
        gtk_widget_set_visible(scrollbar, gbool(count > pageRows))
        if newRows || wantedWindowRows != windowRows { setWindow(rows: wantedWindowRows) }
        showSelection()
    }

    /// The rows on screen and the partly visible one below them, as far as the list goes.
    var wantedWindowRows: Int { max(0, min(count - first, pageRows + 1)) }

    /// The window now holds `rows` rows, each showing what its list row holds now. The tree view
    /// keeps one model for its life: rows are added, removed and changed in it, never a new model
    /// set, because a new model loses the fixed row height the view measured, and every row on
    /// screen would be measured again before the rows of each new list are drawn.
    func setWindow(rows: Int) {
        syncing = true
        defer { syncing = false }
        source.rowsChanged(0..<min(rows, source.count))
        let added = rows > source.count
        source.resize(to: rows)
        if added {
            // Rows a fixed-height tree view gets are measured one by one before they are drawn,
            // unless the view sets its fixed row height on them first, which it does when asked
            // for its size (measuring one row, if it has not yet).
            var minimum: gint = 0, natural: gint = 0
            gtk_widget_get_preferred_width(treeView.widget, &minimum, &natural)
        }
        resetInnerScroll()
    }

    /// Height of one row as the tree view draws it (kept from the last time it had a row).
    func measureRowHeight() -> Int {
        if windowRows > 0, gtk_widget_get_realized(treeView.widget) != 0 {
            var area = GdkRectangle()
            let path = gtk_tree_path_new_first()
            gtk_tree_view_get_background_area(treeView, path, nil, &area)
            gtk_tree_path_free(path)
            if area.height > 0 { rowHeight = Int(area.height) }
        }
        return rowHeight ?? Self.fallbackRowHeight
    }

    /// The window now shows other list rows: tell the tree view each of its rows changed.
    func windowMoved() {
        let window = first..<(first + wantedWindowRows)
        answered = answered.filter { window.contains($0.key) }
        // At the end of the list there is no partly visible row below: a smaller window.
        guard wantedWindowRows == windowRows else {
            setWindow(rows: wantedWindowRows)
            showSelection()
            return
        }
        source.rowsChanged(0..<windowRows)
        showSelection()
    }

    /// Puts the tree view's selection and cursor on the selected list row, if it is in the window.
    func showSelection() {
        let selection = gtk_tree_view_get_selection(treeView)
        syncing = true
        defer { syncing = false }
        guard let selected = selectedRow, selected >= first, selected < first + windowRows else {
            gtk_tree_selection_unselect_all(selection)
            return
        }
        let path = gtk_tree_path_new()
        gtk_tree_path_append_index(path, gint(selected - first))
        gtk_tree_view_set_cursor(treeView, path, nil, 0)
        gtk_tree_path_free(path)
        resetInnerScroll()
    }

    func resetInnerScroll() {
        if let innerAdjustment, gtk_adjustment_get_value(innerAdjustment) != 0 {
            gtk_adjustment_set_value(innerAdjustment, 0)
        }
    }
}
