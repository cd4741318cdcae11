import CGtk
import Glibc

// A list of any length shown by a GtkTreeView that only ever holds the rows on screen.
//
// GtkTreeView keeps one red-black tree node per row and builds them all whenever a model is set:
// for a million rows that is ~400 ms and ~60 MB before the first row is drawn, however thin the
// model. Here the tree view's model (a `ListDataSource`) has only as many rows as fit in the view
// (plus one partly visible row); a GtkScrollbar next to it has an adjustment over the whole list,
// and scrolling it changes which rows those window rows show. GTK's memory per list row is zero;
// the cost of a new list or a scroll is that of the rows on screen.
//
// The tree view sits in a GtkScrolledWindow whose vertical policy is EXTERNAL (its height does
// not follow the content; the horizontal scrollbar still works for narrow windows). The wheel,
// the arrow and page keys, Home and End are translated into moves over the whole list, and the
// selection is kept as an index into the whole list, so it stays on its row while scrolling.

/// The list behaviour for a tree view and a scrollbar described in a .ui file.
@MainActor
public final class WindowedList {
    public let treeView: UnsafeMutablePointer<GtkTreeView>
    private let scrollbar: WidgetPointer
    let adjustment: UnsafeMutablePointer<GtkAdjustment>
    let innerAdjustment: UnsafeMutablePointer<GtkAdjustment>?
    private let columns: Int
    private var cell: @MainActor (_ row: Int, _ column: Int) -> String? = { _, _ in nil }
    /// The tree view's model, for its whole life (see `setWindow`).
    private(set) lazy var source = ListDataSource(columns: columns, count: 0) { [weak self] row, column in
        guard let self else { return nil }
        let listRow = self.first + row
        return listRow < self.count ? self.cell(listRow, column) : nil
    }
    var scrollRemainder = 0.0
    var syncing = false
    var layoutQueued = false

    /// Rows in the whole list.
    public private(set) var count = 0
    /// The list row shown in the first window row.
    public internal(set) var first = 0
    /// The selected list row, if any.
    public internal(set) var selectedRow: Int?
    /// Rows that fit in the view entirely (the window holds one more, partly visible).
    public private(set) var pageRows = 1
    /// Rows the tree view's model holds now.
    public var windowRows: Int { source.count }

    /// Rows assumed to fit before the tree view has been allocated (corrected once it is).
    static let unallocatedRows = 50
    /// Row height assumed before one was drawn: small, so the first window has rows to spare.
    static let fallbackRowHeight = 20
    private var rowHeight: Int?

    /// A text column: its title and fixed width in pixels (fixed-height mode needs fixed widths).
    public struct Column {
        public let title: String
        public let width: Int32
        public init(_ title: String, width: Int32) {
            self.title = title
            self.width = width
        }
    }

    /// - Parameters:
    ///   - treeView: an empty tree view, inside a GtkScrolledWindow.
    ///   - scrollbar: a vertical GtkScrollbar; its adjustment becomes the list's position.
    ///   - columns: the text columns to add to the tree view; `cell` is asked for their index.
    public init(treeView: UnsafeMutablePointer<GtkTreeView>, scrollbar: WidgetPointer, columns: [Column]) {
        self.treeView = treeView
        self.scrollbar = scrollbar
        self.columns = columns.count
        for (index, column) in columns.enumerated() {
            let renderer = gtk_cell_renderer_text_new()!
            let treeColumn = gtk_tree_view_column_new()!
            gtk_tree_view_column_set_title(treeColumn, column.title)
            gtk_tree_view_column_set_sizing(treeColumn, GTK_TREE_VIEW_COLUMN_FIXED)
            gtk_tree_view_column_set_fixed_width(treeColumn, column.width)
            gtk_tree_view_column_set_resizable(treeColumn, 1)
            gtk_tree_view_column_pack_start(treeColumn, renderer, 1)
            gtk_tree_view_column_add_attribute(treeColumn, renderer, "text", gint(index))
            gtk_tree_view_append_column(treeView, treeColumn)
        }
        adjustment = gtk_range_get_adjustment(scrollbar.cast(to: GtkRange.self))
        let scroller = gtk_widget_get_parent(treeView.widget)
        if let scroller, isA(scroller, gtk_scrolled_window_get_type()) {
            gtk_scrolled_window_set_policy(scroller.cast(), GTK_POLICY_AUTOMATIC, GTK_POLICY_EXTERNAL)
            innerAdjustment = gtk_scrolled_window_get_vadjustment(scroller.cast())
        } else {
            innerAdjustment = nil
        }
        gtk_tree_view_set_fixed_height_mode(treeView, 1)
        gtk_tree_selection_set_mode(gtk_tree_view_get_selection(treeView), GTK_SELECTION_SINGLE)
        gtk_tree_view_set_model(treeView, source.model)
        connectSignals()
    }

    /// The widgets a .ui file would describe, made in code: a box holding the scrolled tree view
    /// and the scrollbar. Returns the list and the box (floating, for a container to take).
    public static func make(columns: [Column]) -> (list: WindowedList, widget: WidgetPointer) {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        let scroller = gtk_scrolled_window_new(nil, nil)!
        gtk_widget_set_hexpand(scroller, 1)
        let treeView = gtk_tree_view_new()!
        let scrollbar = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, nil)!
        gtk_container_add(scroller.cast(), treeView)
        gtk_container_add(box.cast(), scroller)
        gtk_container_add(box.cast(), scrollbar)
        return (WindowedList(treeView: treeView.cast(), scrollbar: scrollbar, columns: columns), box)
    }

    /// Shows a new list of `count` rows; `cell` is asked only for rows on screen.
    /// - Parameter keepingPosition: the new list starts with the rows of the old one (a longer
    ///   version of it): keep the scroll position and the selection.
    public func setRows(count: Int, keepingPosition: Bool = false,
                        cell: @escaping @MainActor (_ row: Int, _ column: Int) -> String?) {
        self.count = max(0, count)
        self.cell = cell
        if !keepingPosition {
            first = 0
            selectedRow = nil
            scrollRemainder = 0
        }
        if let selected = selectedRow, selected >= self.count { selectedRow = nil }
        layout(newRows: true)
    }

    /// Moves the list so that `row` is the first one shown (clamped to the list).
    public func scroll(toFirst row: Int) {
        gtk_adjustment_set_value(adjustment, Double(clamp(row, to: 0...maxFirst)))
    }

    /// Selects `row` (clamped) and scrolls as little as needed to show it entirely.
    public func select(row: Int) {
        guard count > 0 else { return }
        let target = clamp(row, to: 0...(count - 1))
        if target < first {
            scroll(toFirst: target)
        } else if target >= first + pageRows {
            scroll(toFirst: target - pageRows + 1)
        }
        selectedRow = target
        showSelection()
    }

    private var maxFirst: Int { max(0, count - pageRows) }

    private func clamp(_ value: Int, to range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }

    // MARK: Window

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
    private var wantedWindowRows: Int { max(0, min(count - first, pageRows + 1)) }

    /// The window now holds `rows` rows, each showing what its list row holds now. The tree view
    /// keeps one model for its life: rows are added, removed and changed in it, never a new model
    /// set, because a new model loses the fixed row height the view measured, and every row on
    /// screen was then measured again: 54 cells, 2.5 ms, before the first rows of the Users page
    /// and of each search were drawn (#16).
    private func setWindow(rows: Int) {
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
    private func showSelection() {
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

    private func resetInnerScroll() {
        if let innerAdjustment, gtk_adjustment_get_value(innerAdjustment) != 0 {
            gtk_adjustment_set_value(innerAdjustment, 0)
        }
    }
}
