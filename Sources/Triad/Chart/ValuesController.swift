import GtkKit
import TriadModel

/// The table's controller. It is its table's data source (how many rows, and what is in row i)
/// and its editing delegate (a cell was edited), the two roles seed 002 gives a table's
/// controller; it hands each edit to the model, and where the model refuses, it opens the cell
/// again with what was typed and says why under the table, naming the row and the column. It
/// observes the model, and shows the table afresh after every change, whichever view made it.
@MainActor
final class ValuesController: TableDataSource, TableEditingDelegate {
    let model: any ChartModelProtocol
    let view = ValuesView()
    private var observation: ObservationToken?

    init(model: any ChartModelProtocol) {
        self.model = model
        view.table.dataSource = self
        view.table.editingDelegate = self
        view.table.reloadData()
        // The Observer pattern: the model calls back once per change, with the new poll.
        observation = model.observe { [weak self] update in self?.modelChanged(update) }
        // Target-action: the buttons under the table.
        view.addButton.on(.clicked, target: self, action: ValuesController.addOption)
        view.removeButton.on(.clicked, target: self, action: ValuesController.removeOption)
        view.pasteButton.on(.clicked, target: self, action: ValuesController.paste)
    }

    // MARK: TableDataSource

    var numberOfRows: Int { model.poll.count }

    /// Votes in plain digits, as they are typed back: "1,000" would be refused as typed.
    func cells(forRow row: Int) -> [String] {
        let poll = model.poll
        guard poll.options.indices.contains(row) else { return [] }
        let option = poll.options[row]
        return [option.name, String(option.votes), L("{percent} %").filling(["percent": String(poll.percentages[row])])]
    }

    // MARK: TableEditingDelegate

    /// A cell was edited: a name is a rename, votes are votes as typed. The share is not editable.
    func table(_ table: Table, didEditRow row: Int, column: Int, text: String) {
        do throws(ChartError) {
            switch ValuesView.Column(rawValue: column) {
            case .name: try model.rename(at: row, to: text)
            case .votes: try model.setVotes(at: row, typed: text)
            case .share, nil: return
            }
            view.showMessage(nil)
        } catch {
            refused(error, typed: text, row: row, column: column)
        }
    }

    /// Ctrl+V in the table pastes, as the Paste button does.
    func tableDidRequestPaste(_ table: Table) { paste() }

    /// Nothing typed is lost: the cell opens again with the text, marked with the problem, which
    /// the line under the table also says, with the row and the column.
    private func refused(_ error: ChartError, typed text: String, row: Int, column: Int) {
        let message = Self.message(error)
        view.showMessage(message)
        if error.row != nil, error.column != nil {
            view.table.startEditing(row: row, column: column, text: text, problem: message)
        }
    }

    /// The model's sentence, after the row and the column it belongs to when it has them.
    static func message(_ error: ChartError) -> String {
        guard let row = error.row, let column = error.column else { return error.message }
        return L("Row {row}, {column}: {problem}").filling(["row": String(row + 1), "column": ValuesView.title(of: column)])
            .filling(["problem": error.message])
    }

    // MARK: The buttons

    /// Adds an option and opens its name for editing.
    private func addOption() {
        do throws(ChartError) {
            let row = try model.addOption()
            view.showMessage(nil)
            view.table.startEditing(row: row, column: ValuesView.Column.name.rawValue)
        } catch {
            view.showMessage(Self.message(error))
        }
    }

    private func removeOption() {
        guard let row = view.table.selectedRow else {
            return view.showMessage(L("Choose the option to remove in the table first."))
        }
        do throws(ChartError) {
            try model.removeOption(at: row)
            view.showMessage(nil)
        } catch {
            view.showMessage(Self.message(error))
        }
    }

    /// The clipboard's lines are added after the options: one step to undo, however many.
    private func paste() {
        Clipboard.requestText { [weak self] text in self?.pasted(text) }
    }

    private func pasted(_ text: String?) {
        guard let text, !text.trimmingWhitespace.isEmpty else {
            return view.showMessage(L("The clipboard holds no text to paste."))
        }
        do throws(ChartError) {
            try model.paste(text)
            view.showMessage(nil)
        } catch {
            view.showMessage(Self.message(error))
        }
    }

    // MARK: Observing the model

    private func modelChanged(_ update: ChartUpdate) {
        view.table.reloadData(keepingPosition: true)
        if let row = update.addedRow { view.table.select(row: row) }
    }
}
