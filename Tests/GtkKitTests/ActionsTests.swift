import CGtk
import XCTest
@testable import GtkKit

/// Actions.swift: one loop installs a table, each action runs its owner's method, and a
/// secondary window's `win` group is its own.
final class ActionsTests: DisplayTestCase {
    final class Owner {
        var ran: [String] = []
        func save() { ran.append("save") }
        func close() { ran.append("close") }
    }

    func testTableIsInstalledAndRunsTheOwnersMethods() {
        MainActor.assumeIsolated {
            let group = Owned<GSimpleActionGroup>(g_simple_action_group_new()!)
            let owner = Owner()
            let table = [
                ActionEntry<Owner>("save", ["<Primary>s"], Owner.save),
                ActionEntry<Owner>("close", ["<Primary>w"], Owner.close),
                ActionEntry<Owner>("provided-elsewhere", ["F1"], nil),
            ]
            install(table, into: group.opaque, owner: owner)
            XCTAssertEqual(g_action_group_has_action(group.opaque, "provided-elsewhere"), 0)
            g_action_group_activate_action(group.opaque, "close", nil)
            g_action_group_activate_action(group.opaque, "save", nil)
            XCTAssertEqual(owner.ran, ["close", "save"])
        }
    }

    func testSecondaryWindowGetsItsOwnWinGroup() {
        MainActor.assumeIsolated {
            let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!.cast(to: GtkWindow.self)
            let owner = Owner()
            installWindowActions([ActionEntry<Owner>("close", [], Owner.close)], on: window, owner: owner,
                                 application: nil)
            guard let group = gtk_widget_get_action_group(window.widget, "win") else {
                return XCTFail("the window has no win group")
            }
            g_action_group_activate_action(group, "close", nil)
            XCTAssertEqual(owner.ran, ["close"])
            gtk_widget_destroy(window.widget)
        }
    }
}
