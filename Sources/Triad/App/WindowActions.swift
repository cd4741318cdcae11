import GtkKit

// The windows' actions (`win.*`), one table per kind of window. Secondary windows get a group of
// their own, so `win.close` in the note editor closes the note editor, not the main window.

extension MainWindowController {
    /// The main window's actions. Alt+1…9 follow the feature catalog's order.
    static func actions(pages: [PageEntry]) -> [ActionEntry<MainWindowController>] {
        [
            ActionEntry("close", ["<Primary>w"], MainWindowController.requestClose),
            // GTK's name and key for it (F1 is Help in GNOME, not this); the window is built
            // on first use (MainWindowController.showShortcuts).
            ActionEntry("show-help-overlay", ["<Primary>question"], MainWindowController.showShortcuts),
            ActionEntry("show-primary-menu", ["F10"], MainWindowController.showPrimaryMenu),
            ActionEntry("find", ["<Primary>f"], MainWindowController.find),
            ActionEntry("show-messages", ["F9"], MainWindowController.toggleMessages),
        ] + pages.prefix(9).enumerated().map { index, page in
            // Asks the shown page first, as a click in the sidebar does.
            ActionEntry("page-\(page.name)", ["<Alt>\(index + 1)"]) { window in { window.showPage(named: page.name) } }
        }
    }
}

extension FlipsideView {
    /// The note editor: Ctrl+W as every window, and Escape, as a dialog.
    static var actions: [ActionEntry<FlipsideView>] {
        [
            ActionEntry("close", ["<Primary>w"], FlipsideView.close),
            ActionEntry("dismiss", ["Escape"], FlipsideView.close),
        ]
    }
}

extension MessagesWindow {
    /// The Messages window: Ctrl+W as every window.
    static var actions: [ActionEntry<MessagesWindow>] {
        [ActionEntry("close", ["<Primary>w"], MessagesWindow.close)]
    }
}

extension RegisterView {
    /// The registration dialog: Ctrl+W as every window (GtkDialog answers Escape itself).
    static var actions: [ActionEntry<RegisterView>] {
        [ActionEntry("close", ["<Primary>w"], RegisterView.closeWindow)]
    }
}
