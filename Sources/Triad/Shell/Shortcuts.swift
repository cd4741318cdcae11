import GtkKit

/// Every action table of the app (each beside its window), and every action with keyboard
/// shortcuts from them, as `scope.name`. The application sets them all at start-up;
/// `triad --list-shortcuts` prints them, and `make check-shortcuts` checks that the help overlay
/// (ShortcutsWindow.ui) names every one and that no action table of the compiler's symbol graph
/// is missing here (its keys would be dead).
@MainActor
enum Shortcuts {
    /// Each table: its owner's type name, its scope, and its rows.
    private static var tables: [(owner: String, scope: String, rows: [(name: String, accelerators: [String])])] {
        [
            table("app", TriadApplication.actions),
            table("win", MainWindowController.actions(pages: FeatureCatalog.pages)),
            table("win", FlipsideView.actions),
            table("win", RegisterView.actions),
            table("win", ImportPreviewView.actions),
            table("win", MessagesWindow.actions),
            table("win", SourceWindow.actions),
            table("users", ExportController.actionTable),
        ]
    }

    static var all: [(action: String, accelerators: [String])] {
        tables.flatMap { table in
            table.rows.filter { !$0.accelerators.isEmpty }.map { ("\(table.scope).\($0.name)", $0.accelerators) }
        }
    }

    private static func table<Owner>(_ scope: String, _ table: [ActionEntry<Owner>])
        -> (owner: String, scope: String, rows: [(name: String, accelerators: [String])])
    {
        (String(describing: Owner.self), scope, table.map { ($0.name, $0.accelerators) })
    }

    /// A line `# table Owner` for each table, then one line per action and shortcuts
    /// (`win.close<TAB><Primary>w`); an action that two tables give different shortcuts shows
    /// twice, which `make check-shortcuts` reports.
    static var listing: String {
        var seen = Set<String>()
        return tables.map { "# table \($0.owner)\n" }.joined()
            + all.map { "\($0.action)\t\($0.accelerators.joined(separator: " "))\n" }.filter { seen.insert($0).inserted }.joined()
    }
}
