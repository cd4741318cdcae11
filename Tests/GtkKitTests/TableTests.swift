import CGtk
import XCTest

@testable import GtkKit

/// Table.swift: a tree view that asks its data source for the rows on screen only, of a million.
final class TableTests: DisplayTestCase {
    /// A data source of `count` rows, each one text: "<label> <row>"; it notes the rows asked for.
    @MainActor final class Rows: TableDataSource {
        var count = 0, label = "row", asked = Set<Int>(), questions = 0
        var numberOfRows: Int { count }
        func cells(forRow row: Int) -> [String] {
            asked.insert(row)
            questions += 1
            return ["\(label) \(row)"]
        }
    }

    func testTheTableHoldsOnlyTheRowsOnScreen() {
        MainActor.assumeIsolated {
            let (window, list, widget) = Self.windowWithList()
            let rows = Rows()
            list.dataSource = rows
            let view = list.treeView.pointer.raw.assumingMemoryBound(to: GtkTreeView.self)
            XCTAssertEqual(gtk_tree_view_get_n_columns(view), 1)
            XCTAssertEqual(gtk_tree_view_get_fixed_height_mode(view), 1)
            let children = gtk_container_get_children(widget.pointer.raw.assumingMemoryBound(to: GtkContainer.self))
            let scrollbar = g_list_nth_data(children, 1)!.assumingMemoryBound(to: GtkWidget.self)
            g_list_free(children)
            window.showAll()
            MainLoop.drain(timeoutSeconds: 0.3)

            rows.count = 1_000_000
            list.reloadData()
            MainLoop.drain(timeoutSeconds: 0.3)
            func shown(_ index: Int) -> String? {
                guard let model = gtk_tree_view_get_model(view) else { return nil }
                var iter = GtkTreeIter()
                guard gtk_tree_model_iter_nth_child(model, &iter, nil, gint(index)) != 0 else { return nil }
                var value = GValue()
                gtk_tree_model_get_value(model, &iter, 0, &value)
                defer { g_value_unset(&value) }
                return g_value_get_string(&value).map { String(cString: $0) }
            }
            let model = gtk_tree_view_get_model(view)
            XCTAssertEqual(Int(gtk_tree_model_iter_n_children(model, nil)), list.windowRows)
            XCTAssertTrue((5...30).contains(list.pageRows), "a 300-pixel view shows a screenful: \(list.pageRows)")
            XCTAssertEqual(list.windowRows, list.pageRows + 1, "the rows on screen and one partly visible")
            XCTAssertEqual(shown(0), "row 0")
            // Before the first row is drawn its height is guessed low, so the first window may be a
            // few rows longer; never more than a screenful or two.
            XCTAssertLessThan(rows.asked.max() ?? 0, 2 * list.windowRows, "only rows on screen are asked for: \(rows.asked.sorted())")
            XCTAssertEqual(rows.questions, rows.asked.count, "one question per row, for all its cells and passes: \(rows.asked.sorted())")
            let adjustment = gtk_range_get_adjustment(scrollbar.cast(to: GtkRange.self))
            XCTAssertEqual(gtk_adjustment_get_upper(adjustment), 1_000_000, "the scrollbar spans the whole list")

            list.scroll(toFirst: 500_000)
            MainLoop.drain(timeoutSeconds: 0.1)
            XCTAssertEqual(list.first, 500_000)
            XCTAssertEqual(shown(0), "row 500000")
            XCTAssertEqual(shown(list.windowRows - 1), "row \(500_000 + list.windowRows - 1)")

            // The selection belongs to the list row, not to the window row.
            list.select(row: 500_002)
            var iter = GtkTreeIter()
            XCTAssertEqual(gtk_tree_selection_get_selected(gtk_tree_view_get_selection(view), nil, &iter), 1)
            list.scroll(toFirst: 500_001)
            MainLoop.drain(timeoutSeconds: 0.1)
            XCTAssertEqual(list.selectedRow, 500_002)
            let selectedPath = gtk_tree_model_get_path(gtk_tree_view_get_model(view), &iter)
            gtk_tree_selection_get_selected(gtk_tree_view_get_selection(view), nil, &iter)
            let nowPath = gtk_tree_model_get_path(gtk_tree_view_get_model(view), &iter)
            XCTAssertEqual(gtk_tree_path_get_indices(selectedPath)?[0], 2)
            XCTAssertEqual(gtk_tree_path_get_indices(nowPath)?[0], 1, "one row up in the window after scrolling one down")
            gtk_tree_path_free(selectedPath)
            gtk_tree_path_free(nowPath)
            list.scroll(toFirst: 0)
            XCTAssertEqual(
                gtk_tree_selection_count_selected_rows(gtk_tree_view_get_selection(view)), 0,
                "scrolled out of the window: nothing selected in it")

            // Keys move over the whole list: End selects the last row, at the bottom.
            @MainActor func press(_ keyval: Int32) {
                let event = gdk_event_new(GDK_KEY_PRESS)!
                event.pointee.key.keyval = guint(keyval)
                event.pointee.key.window = gtk_widget_get_window(list.treeView.pointer.raw.assumingMemoryBound(to: GtkWidget.self))
                g_object_ref(UnsafeMutableRawPointer(event.pointee.key.window))
                gtk_widget_event(list.treeView.pointer.raw.assumingMemoryBound(to: GtkWidget.self), event)
                gdk_event_free(event)
            }
            press(GDK_KEY_End)
            MainLoop.drain(timeoutSeconds: 0.1)
            XCTAssertEqual(list.selectedRow, 999_999)
            XCTAssertEqual(list.first, 1_000_000 - list.pageRows)
            XCTAssertEqual(list.windowRows, list.pageRows, "no partly visible row below the last one")
            XCTAssertEqual(shown(list.windowRows - 1), "row 999999")
            press(GDK_KEY_Page_Up)
            XCTAssertEqual(list.selectedRow, 999_999 - (list.pageRows - 1))
            press(GDK_KEY_Home)
            XCTAssertEqual(list.selectedRow, 0)
            XCTAssertEqual(list.first, 0)

            // A taller view: a longer window, fitted once GTK has laid it out.
            let before = list.pageRows
            window.resize(width: 400, height: 600)
            MainLoop.drain(until: { list.pageRows > before }, timeoutSeconds: 2)
            XCTAssertGreaterThan(list.pageRows, before + 5, "twice the height: more rows on screen")
            XCTAssertEqual(list.windowRows, list.pageRows + 1)
            XCTAssertEqual(Int(gtk_tree_model_iter_n_children(gtk_tree_view_get_model(view), nil)), list.windowRows)

            // A shorter list: the window shrinks to it.
            rows.count = 3
            rows.label = "short"
            list.reloadData()
            XCTAssertEqual(list.windowRows, 3)
            XCTAssertNil(list.selectedRow, "a new list starts unselected")
            XCTAssertEqual(shown(2), "short 2")
            XCTAssertFalse(gtk_widget_get_visible(scrollbar) != 0, "nothing to scroll: no scrollbar")
            rows.count = 0
            list.reloadData()
            XCTAssertEqual(list.windowRows, 0)
            window.destroy()
        }
    }

    /// The tree view keeps one model for its life: lists and window sizes come and go as rows
    /// added, removed and changed in it. A new model made the view measure every row on screen
    /// before drawing it (fixed-height mode measures one row, but only for a model that had rows
    /// when the view was first sized): with the one model, rows given to a shown, empty view are
    /// measured through their first row, and each row is then only drawn.
    func testRowsGivenToAShownViewAreDrawnWithoutBeingMeasuredOneByOne() {
        MainActor.assumeIsolated {
            let (window, list, _) = Self.windowWithList()
            let rows = Rows()
            list.dataSource = rows
            let view = list.treeView.pointer.raw.assumingMemoryBound(to: GtkTreeView.self)
            let model = gtk_tree_view_get_model(view)
            // Every time the view fills a cell with its row's data, to measure it or to draw it.
            let column = gtk_tree_view_get_column(view, 0)!
            let cells = gtk_cell_layout_get_cells(OpaquePointer(column))!
            let renderer = g_list_nth_data(cells, 0)!.assumingMemoryBound(to: GtkCellRenderer.self)
            g_list_free(cells)
            TableTests.cellsFilled = 0
            gtk_tree_view_column_set_cell_data_func(
                column, renderer,
                { _, _, _, _, _ in
                    TableTests.cellsFilled += 1
                }, nil, nil)
            // As on the Users page: the rows come from a worker just after the window is shown,
            // before GTK has laid it out.
            window.showAll()
            // Cells filled before the view draws the new rows are cells measured.
            var beforeDrawing: Int?
            list.treeView.on(.draw) { _ in
                if beforeDrawing == nil { beforeDrawing = TableTests.cellsFilled }
                return false
            }
            TableTests.cellsFilled = 0
            rows.count = 1_000_000
            list.reloadData()
            MainLoop.drain(until: { beforeDrawing != nil }, timeoutSeconds: 2)
            let measured = try? XCTUnwrap(beforeDrawing, "the view drew the rows")
            XCTAssertGreaterThan(list.windowRows, 5)
            XCTAssertLessThanOrEqual(
                measured ?? .max, 2,
                "\(measured ?? -1) cells measured for \(list.windowRows) rows: the first one only")
            rows.count = 50
            list.reloadData()
            list.scroll(toFirst: 40)
            rows.count = 3
            list.reloadData()
            XCTAssertEqual(gtk_tree_view_get_model(view), model, "one model for the view's life")
            window.destroy()
        }
    }

    nonisolated(unsafe) static var cellsFilled = 0

    /// A 400 × 300 window (not shown yet) holding a one-column table.
    @MainActor
    private static func windowWithList() -> (window: Window, list: Table, widget: Box) {
        let window = Window(title: "Rows", width: 400, height: 300)
        let (list, widget) = Table.make(columns: [.init("Row", width: 200)])
        window.add(widget)
        return (window, list, widget)
    }
}
