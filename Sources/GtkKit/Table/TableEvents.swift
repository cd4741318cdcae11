import CGtk
import Glibc

// Table's answers to the user: the scrollbar, the wheel, the keys and the selection.
// Each signal calls a method of the list (target-action; the list is held weakly).

extension Table {
    func connectSignals() {
        adjustment.on(.valueChanged, target: self, action: Table.positionChanged)
        // The tree view scrolls itself by part of a row to show a clicked, partly visible last
        // row: make that a move of the list instead, so the first row stays whole.
        innerAdjustment?.on(.valueChanged, target: self, action: Table.innerScrolled)
        gtk_tree_view_get_selection(treeView).on(.changed, target: self, action: Table.selectionChanged)
        treeView.on(.sizeAllocate, target: self, action: Table.allocated)
        treeView.on(.scrollEvent, target: self, action: Table.scrolled)
        treeView.on(.keyPressEvent, target: self, action: Table.keyPressed)
    }

    private func positionChanged() {
        let value = Int(gtk_adjustment_get_value(adjustment).rounded(.down))
        guard value != first else { return }
        first = value
        windowMoved()
    }

    private func innerScrolled() {
        guard let inner = innerAdjustment, !syncing else { return }
        let offset = gtk_adjustment_get_value(inner)
        guard offset > 0 else { return }
        let rowHeight = Double(measureRowHeight())
        gtk_adjustment_set_value(inner, 0)
        scroll(toFirst: first + Int((offset / rowHeight).rounded(.up)))
    }

    private func selectionChanged() {
        guard !syncing else { return }
        var iter = GtkTreeIter()
        if gtk_tree_selection_get_selected(gtk_tree_view_get_selection(treeView), nil, &iter) != 0 {
            let path = gtk_tree_model_get_path(source.model, &iter)
            selectedRow = first + Int(gtk_tree_path_get_indices(path)?[0] ?? 0)
            gtk_tree_path_free(path)
        } else {
            selectedRow = nil
        }
    }

    private func allocated(_: UnsafeMutablePointer<GtkAllocation>) {
        // Changing the model while GTK lays out would re-enter layout: do it just after.
        guard !layoutQueued else { return }
        layoutQueued = true
        MainLoop.hop { [weak self] in
            self?.layoutQueued = false
            self?.layout()
        }
    }

    /// The wheel moves the list by GTK's own step for a page of this size (page^⅔ rows).
    private func scrolled(_ pointer: UnsafeMutablePointer<GdkEventScroll>) -> Bool {
        let event = pointer.pointee
        guard event.state & GDK_SHIFT_MASK.rawValue == 0 else { return false }  // Shift: sideways
        let step = max(1, pow(Double(pageRows), 2.0 / 3.0))
        let delta: Double
        switch event.direction {
        case GDK_SCROLL_UP: delta = -step
        case GDK_SCROLL_DOWN: delta = step
        case GDK_SCROLL_SMOOTH where event.delta_y != 0: delta = event.delta_y * step
        default: return false  // sideways: the scrolled window's horizontal scrollbar
        }
        scrollRemainder += delta
        let rows = Int(scrollRemainder.rounded(.towardZero))
        scrollRemainder -= Double(rows)
        if rows != 0 { scroll(toFirst: first + rows) }
        return true
    }

    /// Up, Down, Page Up, Page Down, Home and End move the selection over the whole list.
    private func keyPressed(_ pointer: UnsafeMutablePointer<GdkEventKey>) -> Bool {
        let event = pointer.pointee
        guard count > 0, event.state & GDK_MOD1_MASK.rawValue == 0 else { return false }
        let current = selectedRow ?? (first - 1)
        let target: Int
        switch Int32(bitPattern: event.keyval) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: target = selectedRow == nil ? first : current - 1
        case GDK_KEY_Down, GDK_KEY_KP_Down: target = current + 1
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: target = (selectedRow ?? first) - max(1, pageRows - 1)
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: target = (selectedRow ?? first) + max(1, pageRows - 1)
        case GDK_KEY_Home, GDK_KEY_KP_Home: target = 0
        case GDK_KEY_End, GDK_KEY_KP_End: target = count - 1
        default: return false
        }
        select(row: target)
        return true
    }
}
