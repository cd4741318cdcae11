import CGtk
import Dispatch
import XCTest
@testable import GtkKit

/// GtkKit against real GTK objects. These need a display (`make test` runs them under Xvfb);
/// without one they are reported as skipped, never as passed.
final class GtkKitTests: XCTestCase {
    private static let hasDisplay: Bool = MainActor.assumeIsolated { gtk_init_check(nil, nil) != 0 }

    override func setUpWithError() throws {
        try XCTSkipUnless(Self.hasDisplay, "no display: run under Xvfb (make test)")
    }

    func testHandlerFiresOnRealEmission() {
        MainActor.assumeIsolated {
            let button = gtk_button_new_with_label("Press")!
            g_object_ref_sink(button)
            var clicks = 0
            button.on("clicked") { clicks += 1 }
            gtk_button_clicked(button.cast())
            gtk_button_clicked(button.cast())
            XCTAssertEqual(clicks, 2)
            gtk_widget_destroy(button)
            g_object_unref(button)
        }
    }

    func testArgumentAndBooleanVariants() {
        MainActor.assumeIsolated {
            let label = gtk_label_new("a")!
            g_object_ref_sink(label)
            var notified: [String] = []
            label.on("notify::label", withArgument: { spec in
                let name = spec.map { String(cString: g_param_spec_get_name($0.assumingMemoryBound(to: GParamSpec.self))) }
                notified.append(name ?? "?")
            })
            gtk_label_set_text(label.cast(), "b")
            XCTAssertEqual(notified, ["label"])

            // delete-event: the handler's return value decides whether the window stays.
            let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
            var asked = 0
            window.on("delete-event", returning: { _ in asked += 1; return true })
            gtk_widget_realize(window)
            let event = gdk_event_new(GDK_DELETE)!
            event.pointee.any.window = gtk_widget_get_window(window)
            g_object_ref(UnsafeMutableRawPointer(event.pointee.any.window))  // gdk_event_free unrefs it
            let stopped = gtk_widget_event(window, event)
            gdk_event_free(event)
            XCTAssertEqual(asked, 1)
            XCTAssertEqual(stopped, 1, "returning true must stop the close")
            gtk_widget_destroy(window)
            gtk_widget_destroy(label)
            g_object_unref(label)
        }
    }

    func testDisconnectStopsHandlerAndFreesClosure() {
        MainActor.assumeIsolated {
            let button = gtk_button_new()!
            g_object_ref_sink(button)
            let before = ClosureBoxes.live
            var clicks = 0
            let connection = button.on("clicked") { clicks += 1 }
            XCTAssertEqual(ClosureBoxes.live, before + 1)
            gtk_button_clicked(button.cast())
            connection.disconnect()
            gtk_button_clicked(button.cast())
            XCTAssertEqual(clicks, 1)
            XCTAssertEqual(ClosureBoxes.live, before, "disconnecting must release the closure")
            connection.disconnect()  // twice is harmless
            gtk_widget_destroy(button)
            g_object_unref(button)
        }
    }

    func testClosuresAreFreedWhenWidgetDies() {
        MainActor.assumeIsolated {
            final class Witness {}
            weak var weakWitness: Witness?
            let before = ClosureBoxes.live
            do {
                let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
                let entry = gtk_entry_new()!
                gtk_container_add(window.cast(), entry)
                let witness = Witness()
                weakWitness = witness
                for _ in 0..<10 { entry.on("changed") { _ = witness } }
                window.on("destroy") {}
                XCTAssertEqual(ClosureBoxes.live, before + 11)
                gtk_widget_destroy(window)
            }
            XCTAssertEqual(ClosureBoxes.live, before, "destroying the window must free every closure")
            XCTAssertNil(weakWitness, "captured objects must be released with the closures")
        }
    }

    func testHopFromBackgroundThreadRunsOnMainThread() {
        final class Flag: @unchecked Sendable { var ranOnMain: Bool?; var done = false }
        let flag = Flag()
        DispatchQueue.global().async {
            MainLoop.hop {
                flag.ranOnMain = Thread.isMainThread
                flag.done = true
            }
        }
        MainActor.assumeIsolated {
            MainLoop.drain(until: { flag.done }, timeoutSeconds: 5)
        }
        XCTAssertEqual(flag.ranOnMain, true)
    }

    func testAfterAndDebouncer() {
        MainActor.assumeIsolated {
            let before = ClosureBoxes.live
            let debouncer = Debouncer(milliseconds: 20)
            var runs: [Int] = []
            for i in 0..<5 { debouncer.schedule { runs.append(i) } }
            MainLoop.drain(until: { !runs.isEmpty }, timeoutSeconds: 2)
            XCTAssertEqual(runs, [4], "only the last scheduled call runs")

            debouncer.schedule { runs.append(9) }
            debouncer.flush()
            XCTAssertEqual(runs, [4, 9], "flush runs the pending call at once")

            let source = MainLoop.after(milliseconds: 10) { runs.append(-1) }
            source.cancel()
            MainLoop.drain(timeoutSeconds: 0.05)
            XCTAssertEqual(runs, [4, 9], "a cancelled timeout never runs")
            XCTAssertEqual(ClosureBoxes.live, before, "timeouts release their closures")
        }
    }

    func testAccessibleNameAndStyleClass() {
        MainActor.assumeIsolated {
            let entry = gtk_entry_new()!
            g_object_ref_sink(entry)
            entry.setAccessibleName("Street")
            XCTAssertEqual(String(cString: atk_object_get_name(gtk_widget_get_accessible(entry))), "Street")
            entry.setStyleClass("error", true)
            XCTAssertTrue(entry.hasStyleClass("error"))
            entry.setStyleClass("error", false)
            XCTAssertFalse(entry.hasStyleClass("error"))
            gtk_widget_destroy(entry)
            g_object_unref(entry)
        }
    }

    func testListDataSourceAnswersFromSwift() {
        MainActor.assumeIsolated {
            var asked: [Int] = []
            var source: ListDataSource? = ListDataSource(columns: 2, count: 1000) { row, column in
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

            // A tree view keeps the model after the data source is gone: it must see no rows.
            let view = gtk_tree_view_new_with_model(treeModel)!
            g_object_ref_sink(view)
            source = nil
            XCTAssertEqual(gtk_tree_model_iter_n_children(treeModel, nil), 0)
            gtk_widget_destroy(view)
            g_object_unref(view)
        }
    }
}
