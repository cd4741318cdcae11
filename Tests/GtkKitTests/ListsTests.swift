import CGtk
import XCTest

@testable import GtkKit

/// Lists.swift: a tree view's rows drawn plain or dimmed by their key, asked as GTK fills the
/// renderers for a row, so that a change of which rows are dimmed needs no write to the store.
final class ListsTests: DisplayTestCase {
    func testRowsAreDimmedByTheirKeyAsTheyAreDrawn() {
        MainActor.assumeIsolated {
            var types = [stringType, int64Type]
            let store = Owned(ListStore(unchecked: ObjectPointer(gtk_list_store_newv(2, &types))))
            // Keys past 32 bits: the key column must not wrap.
            let keys = [1, 2, 3, 4_294_967_301]
            for key in keys { store.object.append([.text("row \(key)"), .key(key)]) }
            let model = OpaquePointer(store.object.pointer.raw)
            let view = Owned(made(gtk_tree_view_new_with_model(model)!, as: TreeView.self))
            let raw = view.object.pointer.raw.assumingMemoryBound(to: GtkTreeView.self)
            let column = gtk_tree_view_column_new()!
            let renderer = gtk_cell_renderer_text_new()!
            gtk_tree_view_column_pack_start(column, renderer, 1)
            gtk_tree_view_column_add_attribute(column, renderer, "text", 0)
            gtk_tree_view_append_column(raw, column)
            let boxes = ClosureBoxes.live

            var cutoff = 2
            var asked: [Int] = []
            view.object.setSensitivity(byKeyIn: 1) { key in
                asked.append(key)
                return key <= cutoff
            }
            XCTAssertEqual(ClosureBoxes.live, boxes + 1, "one function for the column's one renderer, held by GTK")

            /// Whether each row's cell is drawn sensitive, as GTK fills the renderer for it.
            func drawn() -> [Bool] {
                var iter = GtkTreeIter()
                var sensitive: [Bool] = []
                var more = gtk_tree_model_get_iter_first(model, &iter)
                while more != 0 {
                    gtk_tree_view_column_cell_set_cell_data(column, model, &iter, 0, 0)
                    sensitive.append(gtk_cell_renderer_get_sensitive(renderer) != 0)
                    more = gtk_tree_model_iter_next(model, &iter)
                }
                return sensitive
            }
            XCTAssertEqual(drawn(), [true, true, false, false])
            XCTAssertEqual(asked, keys, "each row's own key, read from its key column")
            cutoff = 3  // no write to the store: the next drawing follows
            XCTAssertEqual(drawn(), [true, true, true, false])

            gtk_widget_destroy(raw.withMemoryRebound(to: GtkWidget.self, capacity: 1) { $0 })
            XCTAssertEqual(ClosureBoxes.live, boxes, "the function freed with the view")
        }
    }
}
