import CGtk
import Glibc

// A table of any length: a GtkTreeView that asks a data source for its rows (UIKit's
// UITableViewDataSource, seed 002's data source), and only ever for the rows on screen.
//
// GtkTreeView keeps one node per row of its model and builds them all whenever a model is set,
// however thin the model: the longer the list, the longer the pause and the more memory before
// its first row is drawn. So the tree view's model (a `TreeModelBridge`) holds
// only as many rows as fit in the view, plus one partly visible row, and a GtkScrollbar beside
// it carries an adjustment over the whole list: scrolling changes which rows of the list those
// window rows show. The cost of a new list or a scroll is that of the rows on screen.
//
// The tree view sits in a GtkScrolledWindow whose vertical policy is EXTERNAL (its height does
// not follow the content; the horizontal scrollbar still works for narrow windows). The wheel,
// the arrow and page keys, Home and End are translated into moves over the whole list, and the
// selection is kept as an index into the whole list, so it stays on its row while scrolling.

/// What a table asks its data source: how many rows there are, and what is in row i. The table
/// asks only for rows it shows, one question per row.
@MainActor
public protocol TableDataSource: AnyObject {
    var numberOfRows: Int { get }
    /// The texts of row `row`, one per column.
    func cells(forRow row: Int) -> [String]
}

/// Where a table's questions go while someone watches them (the Messages pane sets `watcher`
/// while it is open): the row asked for, the rows there are, and who answered.
@MainActor
public enum DataSourceTrace {
    public typealias Watcher = @MainActor (_ row: Int, _ rows: Int, _ dataSource: TableDataSource) -> Void
    public static var watcher: Watcher?
}

/// The behaviour of a table for a tree view and a scrollbar described in a .ui file.
@MainActor
public final class Table {
    public let treeView: UnsafeMutablePointer<GtkTreeView>
    let scrollbar: WidgetPointer
    let adjustment: UnsafeMutablePointer<GtkAdjustment>
    let innerAdjustment: UnsafeMutablePointer<GtkAdjustment>?
    private let columns: Int
    /// Answers the table's questions; held weakly, as UIKit's table holds its data source.
    public weak var dataSource: TableDataSource?
    /// The rows of the window, as the data source answered them: the tree view asks for each
    /// cell, and more than once (to measure, to draw), of the same few rows.
    var answered: [Int: [String]] = [:]
    /// The tree view's model, for its whole life (see `setWindow`).
    private(set) lazy var source = TreeModelBridge(columns: columns, count: 0) { [weak self] row, column in
        guard let self else { return nil }
        let listRow = self.first + row
        return listRow < self.count ? self.cell(listRow, column) : nil
    }
    var scrollRemainder = 0.0
    var syncing = false
    var layoutQueued = false

    /// Rows in the whole list.
    public internal(set) var count = 0
    /// The list row shown in the first window row.
    public internal(set) var first = 0
    /// The selected list row, if any.
    public internal(set) var selectedRow: Int?
    /// Rows that fit in the view entirely (the window holds one more, partly visible).
    public internal(set) var pageRows = 1
    /// Rows the tree view's model holds now.
    public var windowRows: Int { source.count }

    /// Rows assumed to fit before the tree view has been allocated (corrected once it is).
    static let unallocatedRows = 50
    /// Row height assumed before one was drawn: small, so the first window has rows to spare.
    static let fallbackRowHeight = 20
    var rowHeight: Int?

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
    /// and the scrollbar. Returns the table and the box (floating, for a container to take).
    public static func make(columns: [Column]) -> (table: Table, widget: WidgetPointer) {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        let scroller = gtk_scrolled_window_new(nil, nil)!
        gtk_widget_set_hexpand(scroller, 1)
        let treeView = gtk_tree_view_new()!
        let scrollbar = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, nil)!
        gtk_container_add(scroller.cast(), treeView)
        gtk_container_add(box.cast(), scroller)
        gtk_container_add(box.cast(), scrollbar)
        return (Table(treeView: treeView.cast(), scrollbar: scrollbar, columns: columns), box)
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

    var maxFirst: Int { max(0, count - pageRows) }

    /// The text of one cell, from the data source's answer for its row: one question per row
    /// while it stays in the window.
    private func cell(_ row: Int, _ column: Int) -> String? {
        if answered[row] == nil {
            guard let dataSource else { return nil }
            DataSourceTrace.watcher?(row, count, dataSource)
            answered[row] = dataSource.cells(forRow: row)
        }
        guard let cells = answered[row], column < cells.count else { return nil }
        return cells[column]
    }

    func clamp(_ value: Int, to range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
