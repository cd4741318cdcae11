import CGtk
import XCTest

@testable import GtkKit

/// TableEditing.swift: a table's editable cells hand each edit to the editing delegate, with the
/// row of the whole list, and a cell opens again with a text and a problem of its own.
final class TableEditingTests: DisplayTestCase {
    @MainActor final class Rows: TableDataSource, TableEditingDelegate {
        var names = ["Apples", "Pears", "Plums"]
        var edits: [(row: Int, column: Int, text: String)] = []
        var numberOfRows: Int { names.count }
        func cells(forRow row: Int) -> [String] { [names[row], String(row * 10)] }
        var pastes = 0
        func table(_ table: Table, didEditRow row: Int, column: Int, text: String) { edits.append((row, column, text)) }
        func tableDidRequestPaste(_ table: Table) { pastes += 1 }
    }

    @MainActor private static func shownTable() -> (Owned<Window>, Table, Rows) {
        let window = Owned(window: Window(title: "Values", width: 300, height: 300))
        let (table, widget) = Table.make(columns: [.init("Name", width: 120, editable: true), .init("Votes", width: 80)])
        let rows = Rows()
        table.dataSource = rows
        table.editingDelegate = rows
        window.object.add(widget)
        window.object.showAll()
        table.reloadData()
        MainLoop.drain(timeoutSeconds: 0.3)
        return (window, table, rows)
    }

    @MainActor private static func renderer(_ table: Table, column: Int) -> UnsafeMutablePointer<GtkCellRenderer> {
        let cells = gtk_cell_layout_get_cells(OpaquePointer(table.treeColumns[column]))!
        defer { g_list_free(cells) }
        return cells.pointee.data.assumingMemoryBound(to: GtkCellRenderer.self)
    }

    func testOnlyEditableColumnsCanBeEditedAndEachEditReachesTheDelegate() {
        MainActor.assumeIsolated {
            let (window, table, rows) = Self.shownTable()
            _ = window
            XCTAssertTrue(booleanProperty(Self.renderer(table, column: 0).cast(), "editable"))
            XCTAssertFalse(booleanProperty(Self.renderer(table, column: 1).cast(), "editable"))
            // The renderer tells of an edit as GTK does when Enter ends one: the window's row as
            // a path, and the text.
            emitEdited(Self.renderer(table, column: 0), path: "2", text: "Kiwis")
            XCTAssertEqual(rows.edits.map(\.row), [2])
            XCTAssertEqual(rows.edits.map(\.column), [0])
            XCTAssertEqual(rows.edits.map(\.text), ["Kiwis"])
        }
    }

    /// A refused edit opens the same cell again, with the typed text and the problem on its editor.
    func testACellOpensAgainWithTheTypedTextAndItsProblem() {
        MainActor.assumeIsolated {
            let (window, table, _) = Self.shownTable()
            XCTAssertFalse(table.isEditing)
            table.startEditing(row: 1, column: 0, text: "Pears!", problem: "Row 2, Name: no such fruit")
            XCTAssertFalse(table.isEditing, "it opens once the main loop is back")
            MainLoop.drain(until: { table.isEditing }, timeoutSeconds: 2)
            XCTAssertTrue(table.isEditing)
            XCTAssertEqual(table.selectedRow, 1)
            guard let focus = window.object.focusedWidget, let editor = focus.as(Entry.self) else {
                return XCTFail("the cell's editor has the focus")
            }
            XCTAssertEqual(editor.text, "Pears!", "the typed text, not the cell's")
            XCTAssertTrue(editor.hasStyleClass("error"))
            XCTAssertEqual(editor.accessibleDescription, "Row 2, Name: no such fruit")
        }
    }

    /// Ctrl+V in the table is the delegate's to answer, and stops there; other keys, and Ctrl+V in
    /// a table without an editing delegate (a list that is only read), go on as before.
    func testCtrlVInTheTableReachesTheEditingDelegate() {
        MainActor.assumeIsolated {
            let (window, table, rows) = Self.shownTable()
            _ = window
            XCTAssertTrue(press(GDK_KEY_v, modifiers: GDK_CONTROL_MASK, on: table.treeView), "Ctrl+V is handled")
            XCTAssertEqual(rows.pastes, 1)
            press(GDK_KEY_c, modifiers: GDK_CONTROL_MASK, on: table.treeView)
            XCTAssertEqual(rows.pastes, 1, "Ctrl+C is no paste")
            table.editingDelegate = nil
            XCTAssertFalse(press(GDK_KEY_v, modifiers: GDK_CONTROL_MASK, on: table.treeView), "no delegate: Ctrl+V goes on")
            XCTAssertEqual(rows.pastes, 1)
        }
    }

    func testARowOrColumnTheTableHasNotOpensNothing() {
        MainActor.assumeIsolated {
            let (window, table, _) = Self.shownTable()
            _ = window
            table.startEditing(row: 7, column: 0)
            table.startEditing(row: 0, column: 5)
            MainLoop.drain(timeoutSeconds: 0.2)
            XCTAssertFalse(table.isEditing)
        }
    }
}

/// Emits a text renderer's `edited` (its marshaller takes two strings, which Swift cannot pass
/// through the variadic `g_signal_emit_by_name`: the signal is emitted with `g_signal_emitv`).
@MainActor
private func emitEdited(_ renderer: UnsafeMutablePointer<GtkCellRenderer>, path: String, text: String) {
    let stringType = GType(16 << G_TYPE_FUNDAMENTAL_SHIFT)
    var values = [GValue](repeating: GValue(), count: 3)
    g_value_init(&values[0], gtk_cell_renderer_text_get_type())
    g_value_set_object(&values[0], UnsafeMutableRawPointer(renderer))
    g_value_init(&values[1], stringType)
    g_value_set_string(&values[1], path)
    g_value_init(&values[2], stringType)
    g_value_set_string(&values[2], text)
    let signal = g_signal_lookup("edited", gtk_cell_renderer_text_get_type())
    g_signal_emitv(&values, signal, 0, nil)
    for index in values.indices { g_value_unset(&values[index]) }
}
