import GtkKit

/// Every action with keyboard shortcuts, from every table (each beside its window), as
/// `scope.name`. The application sets them all at start-up; `triad --list-shortcuts` prints them
/// and `make check-shortcuts` checks the help overlay (ShortcutsWindow.ui) against that list.
@MainActor
enum Shortcuts {
    static var all: [(action: String, accelerators: [String])] {
        rows("app", TriadApplication.actions)
            + rows("win", MainWindowController.actions(pages: FeatureCatalog.pages))
            + rows("win", FlipsideView.actions)
            + rows("win", RegisterView.actions)
            + rows("win", ImportPreviewView.actions)
            + rows("win", MessagesWindow.actions)
            + rows("win", SourceWindow.actions)
    }

    private static func rows<Owner>(_ scope: String, _ table: [ActionEntry<Owner>]) -> [(action: String, accelerators: [String])] {
        table.filter { !$0.accelerators.isEmpty }.map { ("\(scope).\($0.name)", $0.accelerators) }
    }

    /// One line per action and shortcuts (`win.close<TAB><Primary>w`); an action that two tables
    /// give different shortcuts shows twice, which `make check-shortcuts` reports.
    static var listing: String {
        var seen = Set<String>()
        return all.map { "\($0.action)\t\($0.accelerators.joined(separator: " "))\n" }
            .filter { seen.insert($0).inserted }.joined()
    }
}
