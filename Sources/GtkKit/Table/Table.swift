import CGtk
import Glibc

// A table of any length: a GtkTreeView that asks a data source for its rows (UIKit's
// UITableViewDataSource, seed 002's data source), and only ever for the rows on screen.
//
// GtkTreeView keeps one node per row of its model and builds them all whenever a model is set,
// however thin the model: the longer the list, the longer the pause and the more memory before
// its first row is drawn. So the tree view's model (a `TreeModelBridge`) holds only as many rows
// as fit in the view, plus one partly visible row: the table's *window* on the list. A GtkScrollbar
// beside it carries an adjustment over the whole list, and scrolling changes which rows of the
// list the window shows. The cost of a new list or a scroll is that of the rows on screen.
//
// The tree view sits in a GtkScrolledWindow whose vertical policy is EXTERNAL (its height does
// not follow the content; the horizontal scrollbar still works for narrow windows). The wheel,
// the arrow and page keys, Home and End are translated into moves over the whole list, and the
// selection is kept as an index into the whole list, so it stays on its row while scrolling.

/// What a table asks its data source: how many rows there are, and what is in row i. The table
/// asks only for rows it shows, one question per row.
@MainActor
public protocol TableDataSource: AnyObject {
    /// How many rows the list has.
    var numberOfRows: Int { get }
    /// The texts of row `row`, one per column.
    func cells(forRow row: Int) -> [String]
}

/// A list view whose rows a data source gives: a tree view and a scrollbar described in a .ui file.
@MainActor
public final class Table {
    /// The tree view that shows the rows.
    public let treeView: TreeView
    private let scrollbar: Scrollbar
    private let adjustment: Adjustment
    /// The scrolled window's own vertical position, kept at 0 (see `innerScrolled`).
    private let innerAdjustment: Adjustment?
    private let columns: Int
    /// Answers the table's questions; held weakly, as UIKit's table holds its data source.
    public weak var dataSource: TableDataSource?
    /// Hears each edit of an editable column's cell (TableEditing.swift); held weakly.
    public weak var editingDelegate: TableEditingDelegate?
    /// The tree view's columns, in order (to start editing one of them).
    var treeColumns: [UnsafeMutablePointer<GtkTreeViewColumn>] = []
    /// A cell asked to open for editing with a text of its own, until its editor opens.
    var pendingEdit: PendingEdit?
    /// The rows of the window, as the data source answered them: the tree view asks for each
    /// cell, and more than once (to measure, to draw), of the same few rows.
    private var answered: [Int: [String]] = [:]
    /// The tree view's model, for its whole life (see `setWindow`).
    private lazy var source = TreeModelBridge(columns: columns, count: 0) { [weak self] row, column in
        guard let self else { return nil }
        let listRow = self.first + row
        return listRow < self.count ? self.cell(listRow, column) : nil
    }
    private var scrollRemainder = 0.0
    /// True while the table itself changes the tree view: the selection it sets is not the person's.
    private var syncing = false
    private var layoutQueued = false
    private var rowHeight: Int?

    /// Rows in the whole list.
    public private(set) var count = 0
    /// The list row shown in the first window row.
    public private(set) var first = 0
    /// The selected list row, if any.
    public private(set) var selectedRow: Int?
    /// Rows that fit in the view entirely (the window holds one more, partly visible).
    public private(set) var pageRows = 1
    /// Rows the tree view's model holds now.
    public var windowRows: Int { source.count }

    /// Rows assumed to fit before the tree view has been allocated (corrected once it is).
    static let unallocatedRows = 50
    /// Row height assumed before one was drawn: small, so the first window has rows to spare.
    static let fallbackRowHeight = 20

    /// A text column: its title and fixed width in pixels (fixed-height mode needs fixed widths),
    /// and whether a person can edit its cells (each edit goes to the editing delegate).
    public struct Column {
        /// The column's heading.
        public let title: String
        /// Its width in pixels.
        public let width: Int
        /// Whether a person can edit its cells.
        public let editable: Bool
        /// A column headed `title`, `width` pixels wide, its cells editable if `editable` says so.
        public init(_ title: String, width: Int, editable: Bool = false) {
            self.title = title
            self.width = width
            self.editable = editable
        }
    }

    /// A table over `treeView`, scrolled by `scrollbar`, with these text columns.
    ///
    /// - Parameters:
    ///   - treeView: an empty tree view, inside a GtkScrolledWindow.
    ///   - scrollbar: a vertical scrollbar; its adjustment becomes the list's position.
    ///   - columns: the text columns to add to the tree view; `cell` is asked for their index.
    public init(treeView: TreeView, scrollbar: Scrollbar, columns: [Column]) {
        self.treeView = treeView
        self.scrollbar = scrollbar
        self.columns = columns.count
        let view: UnsafeMutablePointer<GtkTreeView> = treeView.pointer.typed()
        var treeColumns: [UnsafeMutablePointer<GtkTreeViewColumn>] = []
        var editable: [(UnsafeMutablePointer<GtkCellRenderer>, Int)] = []
        for (index, column) in columns.enumerated() {
            let treeColumn = gtk_tree_view_column_new()!
            gtk_tree_view_column_set_title(treeColumn, column.title)
            gtk_tree_view_column_set_sizing(treeColumn, GTK_TREE_VIEW_COLUMN_FIXED)
            gtk_tree_view_column_set_fixed_width(treeColumn, gint(column.width))
            gtk_tree_view_column_set_resizable(treeColumn, 1)
            let renderer = gtk_cell_renderer_text_new()!
            gtk_tree_view_column_pack_start(treeColumn, renderer, 1)
            gtk_tree_view_column_add_attribute(treeColumn, renderer, "text", gint(index))
            gtk_tree_view_append_column(view, treeColumn)
            treeColumns.append(treeColumn)
            if column.editable { editable.append((renderer, index)) }
        }
        adjustment = scrollbar.adjustment
        if let scroller = treeView.parent?.as(ScrolledWindow.self) {
            gtk_scrolled_window_set_policy(scroller.pointer.typed(), GTK_POLICY_AUTOMATIC, GTK_POLICY_EXTERNAL)
            innerAdjustment = Adjustment(unchecked: ObjectPointer(gtk_scrolled_window_get_vadjustment(scroller.pointer.typed())))
        } else {
            innerAdjustment = nil
        }
        self.treeColumns = treeColumns
        for (renderer, column) in editable { makeEditable(renderer, column: column) }
        gtk_tree_view_set_fixed_height_mode(view, 1)
        gtk_tree_selection_set_mode(gtk_tree_view_get_selection(view), GTK_SELECTION_SINGLE)
        gtk_tree_view_set_model(view, source.model)
        // Each signal calls a method of the table (target-action; the table is held weakly).
        adjustment.on(.valueChanged, target: self, action: Table.positionChanged)
        // The tree view scrolls itself by part of a row to show a clicked, partly visible last
        // row: that becomes a move of the list instead, so the first row stays whole.
        innerAdjustment?.on(.valueChanged, target: self, action: Table.innerScrolled)
        treeView.selection.on(.changed, target: self, action: Table.selectionChanged)
        treeView.on(.sizeAllocate, target: self, action: Table.allocated)
        treeView.on(.scrollEvent, target: self, action: Table.scrolled)
        treeView.on(.keyPressEvent, target: self, action: Table.keyPressed)
    }

    /// The widgets a .ui file would describe, made in code: a box holding the scrolled tree view
    /// and the scrollbar. Returns the table and the box (for a container to take).
    public static func make(columns: [Column]) -> (table: Table, widget: Box) {
        let box = Box(vertical: false)
        let scroller = ScrolledWindow()
        scroller.expandsHorizontally = true
        let treeView = TreeView(unchecked: ObjectPointer(gtk_tree_view_new()))
        let scrollbar = Scrollbar(unchecked: ObjectPointer(gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, nil)))
        scroller.add(treeView)
        box.add(scroller)
        box.add(scrollbar)
        return (Table(treeView: treeView, scrollbar: scrollbar, columns: columns), box)
    }

    /// Asks the data source again: how many rows, and what is in the rows on screen.
    /// - Parameter keepingPosition: the new rows start with the rows shown before (a longer
    ///   version of the list): keep the scroll position and the selection.
    public func reloadData(keepingPosition: Bool = false) {
        count = max(0, dataSource?.numberOfRows ?? 0)
        answered = [:]
        if !keepingPosition {
            first = 0
            selectedRow = nil
            scrollRemainder = 0
        }
        if let selected = selectedRow, selected >= count { selectedRow = nil }
        layout(newRows: true)
    }

    /// Moves the list so that `row` is the first one shown (clamped to the list).
    public func scroll(toFirst row: Int) {
        adjustment.value = Double(clamp(row, to: 0...maxFirst))
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

    /// The text of one cell, from the data source's answer for its row: one question per row
    /// while it stays in the window.
    private func cell(_ row: Int, _ column: Int) -> String? {
        if answered[row] == nil {
            guard let dataSource else { return nil }
            for watcher in Watching.watchers { watcher.table(asks: dataSource, forRow: row, of: count) }
            answered[row] = dataSource.cells(forRow: row)
        }
        guard let cells = answered[row], column < cells.count else { return nil }
        return cells[column]
    }

    private func clamp(_ value: Int, to range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }

    // MARK: The window on the list

    /// Fits the window to the view's height and the scrollbar to the list.
    /// - Parameter newRows: the list changed: a new model even if the window keeps its size.
    private func layout(newRows: Bool = false) {
        var visible = GdkRectangle()
        gtk_tree_view_get_visible_rect(treeView.pointer.typed(), &visible)
        let rowHeight = measureRowHeight()
        let height = Int(visible.height)
        pageRows = height >= rowHeight ? max(1, height / rowHeight) : Self.unallocatedRows
        first = clamp(first, to: 0...maxFirst)
        let page = Double(min(pageRows, max(count, 1)))
        adjustment.configure(value: Double(first), lower: 0, upper: Double(max(count, 1)), step: 1, page: max(1, page - 1), pageSize: page)
        scrollbar.isVisible = count > pageRows
        if newRows || wantedWindowRows != windowRows { setWindow(rows: wantedWindowRows) }
        showSelection()
    }

    /// The rows on screen and the partly visible one below them, as far as the list goes.
    private var wantedWindowRows: Int { max(0, min(count - first, pageRows + 1)) }

    /// The window now holds `rows` rows, each showing what its list row holds now. The tree view
    /// keeps one model for its life: rows are added, removed and changed in it, never a new model
    /// set, because a new model loses the fixed row height the view measured, and every row on
    /// screen would be measured again before the rows of each new list are drawn.
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
            var minimum: gint = 0
            var natural: gint = 0
            gtk_widget_get_preferred_width(treeView.pointer.typed(), &minimum, &natural)
        }
        resetInnerScroll()
    }

    /// Height of one row as the tree view draws it (kept from the last time it had a row).
    private func measureRowHeight() -> Int {
        if windowRows > 0, treeView.isRealized {
            var area = GdkRectangle()
            let path = gtk_tree_path_new_first()
            gtk_tree_view_get_background_area(treeView.pointer.typed(), path, nil, &area)
            gtk_tree_path_free(path)
            if area.height > 0 { rowHeight = Int(area.height) }
        }
        return rowHeight ?? Self.fallbackRowHeight
    }

    /// The window now shows other list rows: tell the tree view each of its rows changed.
    private func windowMoved() {
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
    private func showSelection() {
        syncing = true
        defer { syncing = false }
        guard let selected = selectedRow, selected >= first, selected < first + windowRows else {
            treeView.selection.unselectAll()
            return
        }
        // Where the cursor is on the row already (a cell of it may be open for editing), it is
        // left there: setting it again would end the edit.
        let row = selected - first
        if treeView.cursorRow != row || treeView.selection.selectedRow != row { treeView.setCursor(row: row) }
        resetInnerScroll()
    }

    private func resetInnerScroll() {
        if let innerAdjustment, innerAdjustment.value != 0 { innerAdjustment.value = 0 }
    }

    // MARK: The person's moves: the scrollbar, the wheel, the keys and the selection

    private func positionChanged() {
        let value = Int(adjustment.value.rounded(.down))
        guard value != first else { return }
        first = value
        windowMoved()
    }

    private func innerScrolled() {
        guard let inner = innerAdjustment, !syncing else { return }
        let offset = inner.value
        guard offset > 0 else { return }
        let rowHeight = Double(measureRowHeight())
        inner.value = 0
        scroll(toFirst: first + Int((offset / rowHeight).rounded(.up)))
    }

    private func selectionChanged() {
        guard !syncing else { return }
        selectedRow = treeView.selection.selectedRow.map { first + $0 }
    }

    private func allocated(_: Rectangle) {
        // Changing the model while GTK lays out would re-enter layout: do it just after.
        guard !layoutQueued else { return }
        layoutQueued = true
        MainLoop.hop { [weak self] in
            self?.layoutQueued = false
            self?.layout()
        }
    }

    /// The wheel moves the list by GTK's own step for a page of this size (page^⅔ rows).
    private func scrolled(_ event: ScrollEvent) -> Bool {
        guard !event.modifiers.contains(.shift), event.deltaY != 0 else { return false }  // sideways: the scrolled window's
        let step = max(1, pow(Double(pageRows), 2.0 / 3.0))
        scrollRemainder += event.deltaY * step
        let rows = Int(scrollRemainder.rounded(.towardZero))
        scrollRemainder -= Double(rows)
        if rows != 0 { scroll(toFirst: first + rows) }
        return true
    }

    /// Up, Down, Page Up, Page Down, Home and End move the selection over the whole list; Ctrl+V
    /// goes to the editing delegate, if there is one.
    private func keyPressed(_ event: KeyEvent) -> Bool {
        if event.modifiers.contains(.control), event.key == .typing("v"), let editingDelegate {
            for watcher in Watching.watchers { watcher.table(tells: editingDelegate, .pasteRequested) }
            editingDelegate.tableDidRequestPaste(self)
            return true
        }
        guard count > 0, !event.modifiers.contains(.alt) else { return false }
        let current = selectedRow ?? (first - 1)
        let target: Int
        switch event.key {
        case .up: target = selectedRow == nil ? first : current - 1
        case .down: target = current + 1
        case .pageUp: target = (selectedRow ?? first) - max(1, pageRows - 1)
        case .pageDown: target = (selectedRow ?? first) + max(1, pageRows - 1)
        case .home: target = 0
        case .end: target = count - 1
        default: return false
        }
        select(row: target)
        return true
    }
}
