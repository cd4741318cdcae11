import CGtk
import XCTest

@testable import GtkKit

/// TreeModelBridge.swift: a GtkTreeModel whose rows are answered by Swift.
final class TreeModelBridgeTests: DisplayTestCase {
    func testTheBridgeAnswersFromSwift() {
        MainActor.assumeIsolated {
            var asked: [Int] = []
            var source: TreeModelBridge? = TreeModelBridge(columns: 2, count: 1000) { row, column in
                asked.append(row)
                return "r\(row)c\(column)"
            }
            let model = source!.model
            let treeModel = model
            XCTAssertEqual(gtk_tree_model_iter_n_children(treeModel, nil), 1000)
            XCTAssertEqual(gtk_tree_model_get_n_columns(treeModel), 2)
            var iter = GtkTreeIter()
            XCTAssertEqual(gtk_tree_model_iter_nth_child(treeModel, &iter, nil, 999), 1)
            var value = GValue()
            gtk_tree_model_get_value(treeModel, &iter, 1, &value)
            XCTAssertEqual(String(cString: g_value_get_string(&value)), "r999c1")
            g_value_unset(&value)
            XCTAssertEqual(asked, [999], "only the row asked for is read")
            XCTAssertEqual(gtk_tree_model_iter_next(treeModel, &iter), 0, "no row after the last")
            XCTAssertEqual(gtk_tree_model_iter_nth_child(treeModel, &iter, nil, 1000), 0)

            // A tree view keeps the model after the bridge is gone: it must see no rows.
            let view = gtk_tree_view_new_with_model(treeModel)!
            g_object_ref_sink(view)
            source = nil
            XCTAssertEqual(gtk_tree_model_iter_n_children(treeModel, nil), 0)
            gtk_widget_destroy(view)
            g_object_unref(view)
        }
    }
}
