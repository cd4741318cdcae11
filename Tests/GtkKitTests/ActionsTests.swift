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
            let group = ActionGroup.make()
            let owner = Owner()
            let table = [
                ActionEntry<Owner>("save", ["<Primary>s"], Owner.save),
                ActionEntry<Owner>("close", ["<Primary>w"], Owner.close),
                ActionEntry<Owner>("provided-elsewhere", ["F1"], nil),
            ]
            group.object.install(table, owner: owner)
            let actions = OpaquePointer(group.object.pointer.raw)
            XCTAssertEqual(g_action_group_has_action(actions, "provided-elsewhere"), 0)
            g_action_group_activate_action(actions, "close", nil)
            g_action_group_activate_action(actions, "save", nil)
            XCTAssertEqual(owner.ran, ["close", "save"])
            group.object.setEnabled("save", false)
            XCTAssertEqual(g_action_group_get_action_enabled(actions, "save"), 0, "a disabled action greys out")
        }
    }

    func testSecondaryWindowGetsItsOwnWinGroup() {
        MainActor.assumeIsolated {
            let window = Window(title: "Secondary", width: 100, height: 100)
            let owner = Owner()
            window.installActions([ActionEntry<Owner>("close", [], Owner.close)], owner: owner, application: nil)
            guard let group = gtk_widget_get_action_group(window.pointer.raw.assumingMemoryBound(to: GtkWidget.self), "win") else {
                return XCTFail("the window has no win group")
            }
            g_action_group_activate_action(group, "close", nil)
            XCTAssertEqual(owner.ran, ["close"])
            window.destroy()
        }
    }
}
