import GtkKit

extension MainWindowController {
    /// The main window's actions (`win.*`). Alt+1…9 follow the feature catalog's order.
    static func actions(pages: [PageEntry]) -> [ActionEntry<MainWindowController>] {
        [
            ActionEntry("close", ["<Primary>w"], MainWindowController.requestClose),
            // GTK's name and key for it (F1 is Help in GNOME, not this); the window is built
            // on first use (MainWindowController.showShortcuts).
            ActionEntry("show-help-overlay", ["<Primary>question"], MainWindowController.showShortcuts),
            ActionEntry("show-primary-menu", ["F10"], MainWindowController.showPrimaryMenu),
            ActionEntry("find", ["<Primary>f"], MainWindowController.find),
            ActionEntry("show-messages", ["F9"], MainWindowController.toggleMessages),
            // A browser's "view source" key.
            ActionEntry("show-source", ["<Primary>u"], MainWindowController.showSource),
            // The shown page's undo history (gnome-text-editor's keys); enabled while it has a step.
            ActionEntry("undo", ["<Primary>z"], MainWindowController.undo),
            ActionEntry("redo", ["<Primary><Shift>z"], MainWindowController.redo),
        ]
            + pages.prefix(9).enumerated().map { index, page in
                // Asks the shown page first, as a click in the sidebar does.
                ActionEntry("page-\(page.name)", ["<Alt>\(index + 1)"]) { window in { window.showPage(named: page.name) } }
            }
    }
}
