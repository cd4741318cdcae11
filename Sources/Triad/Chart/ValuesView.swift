import GtkKit
import TriadModel

/// The chart as a table (ValuesView.ui): a row per option, its name and votes edited in place
/// and its share, with a line for what the model refused and the buttons that add, remove and
/// paste options. Passive: its table asks a data source for its rows and hands each edit to its
/// editing delegate, and its controller (ValuesController) wires the buttons to itself.
@MainActor
final class ValuesView {
    private let builder = Builder(resource: AppInfo.ui("ValuesView.ui"))
    let root: Widget
    let table: Table
    let addButton: Button
    let removeButton: Button
    let pasteButton: Button
    private let messageLabel: Label

    /// The table's columns, in order.
    enum Column: Int {
        case name, votes, share
    }

    init() {
        root = builder.object("root")
        addButton = builder.object("add_button")
        removeButton = builder.object("remove_button")
        pasteButton = builder.object("paste_button")
        messageLabel = builder.object("message_label")
        table = Table(
            treeView: builder.object("tree_view"), scrollbar: builder.object("values_scrollbar"),
            columns: [
                .init(L("Option"), width: 130, editable: true), .init(L("Votes"), width: 80, editable: true),
                .init(L("Share"), width: 64),
            ])
    }

    /// The title of `column`, as the table's header shows it: a refused value names its column so.
    static func title(of column: ChartColumn) -> String {
        switch column {
        case .name: L("Option")
        case .votes: L("Votes")
        case .title: L("Title")
        }
    }

    /// A line under the table: what was refused and where, or nil to hide it.
    func showMessage(_ message: String?) {
        messageLabel.text = message ?? ""
        messageLabel.isVisible = message != nil
    }

    var message: String? { messageLabel.isVisible ? messageLabel.text : nil }
}
