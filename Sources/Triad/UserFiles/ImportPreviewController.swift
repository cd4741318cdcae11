import GtkKit
import TriadModel

/// How the import preview hands back what the person decided.
@MainActor
protocol ImportPreviewDelegate: AnyObject {
    func importPreview(_ controller: ImportPreviewController, didChoose options: ImportOptions, forFile path: String)
    func importPreviewDidCancel(_ controller: ImportPreviewController)
}

/// The import preview's controller: it shows the model's `ImportPreview` of a file (the first
/// rows as they will be read, the character set, separator and columns found), and each change
/// the person makes goes to the model, whose new rows are shown at once.
@MainActor
final class ImportPreviewController {
    weak var delegate: ImportPreviewDelegate?
    let path: String
    private var preview: ImportPreview
    private let view: ImportPreviewView

    init(preview: ImportPreview, path: String, over window: Window) {
        self.preview = preview
        self.path = path
        view = ImportPreviewView(over: window, fileName: String(path.split(separator: "/").last ?? Substring(path)))
        showChoices()
        // Target-action: each chooser's change and the dialog's answer.
        view.encodingCombo.on(.changed, target: self, action: ImportPreviewController.encodingChosen)
        view.separatorCombo.on(.changed, target: self, action: ImportPreviewController.separatorChosen)
        for combo in view.columnCombos { combo.on(.changed, target: self, action: ImportPreviewController.columnChosen) }
        view.dialog.on(.response, target: self, action: ImportPreviewController.answered)
    }

    func present() { view.present() }

    private func answered(_ response: Response) {
        view.close()
        if response == .ok {
            delegate?.importPreview(self, didChoose: preview.importOptions, forFile: path)
        } else {
            delegate?.importPreviewDidCancel(self)
        }
    }

    private func encodingChosen() {
        let index = view.encodingCombo.selectedIndex
        guard !view.isFilling, TextEncoding.allCases.indices.contains(index) else { return }
        preview.setEncoding(TextEncoding.allCases[index])
        showColumnsAndRows()
    }

    private func separatorChosen() {
        let index = view.separatorCombo.selectedIndex
        guard !view.isFilling, CSVSeparator.allCases.indices.contains(index) else { return }
        preview.setSeparator(CSVSeparator.allCases[index])
        showColumnsAndRows()
    }

    /// A column chooser changed: the one whose choice differs from the model's.
    private func columnChosen() {
        guard !view.isFilling else { return }
        for field in UserField.allCases {
            let chosen = view.columnCombos[field.rawValue].selectedIndex - 1  // the first item is "none"
            let column = chosen >= 0 ? chosen : nil
            if column != preview.columns[field]?.index { preview.setColumn(field, to: column) }
        }
        showColumnsAndRows()
    }

    private func showChoices() {
        let detected = preview.detectedEncoding
        view.fill(
            view.encodingCombo,
            TextEncoding.allCases.map {
                $0 == detected ? L("{name} — detected").filling(["name": $0.title]) : $0.title
            }, selected: TextEncoding.allCases.firstIndex(of: preview.options.encoding) ?? 0)
        view.fill(
            view.separatorCombo, CSVSeparator.allCases.map(\.title),
            selected: CSVSeparator.allCases.firstIndex(of: preview.options.separator) ?? 0)
        view.showSeparator(preview.options.format == .csv)
        showColumnsAndRows()
    }

    private func showColumnsAndRows() {
        let names = preview.header.enumerated().map { index, name in
            name.isEmpty ? L("Column {number}").filling(["number": String(index + 1)]) : name
        }
        for field in UserField.allCases {
            let none = field.isRequired ? L("(none)") : L("(none: ages unknown)")
            view.fill(view.columnCombos[field.rawValue], [none] + names, selected: (preview.columns[field]?.index).map { $0 + 1 } ?? 0)
        }
        // Each column's title says which field it fills, under its own name.
        let titles = names.enumerated().map { index, name in
            UserField.allCases.first { preview.columns[$0]?.index == index }.map { "\(name)\n→ \($0.title)" } ?? name
        }
        let shown = (0..<preview.columnCount).map {
            $0 < titles.count ? titles[$0] : L("Column {number}").filling(["number": String($0 + 1)])
        }
        view.showRows(titles: shown, rows: preview.rows.map { ($0.line, $0.fields, preview.problem(of: $0)?.message) })
        showStatus()
    }

    private func showStatus() {
        let missing = preview.columns.missing
        if let problem = preview.problem {
            view.showStatus(problem.message, isError: true)
        } else if !missing.isEmpty {
            view.showStatus(
                L("Choose a column for: {fields}.").filling(["fields": missing.map(\.title).joined(separator: ", ")]), isError: true)
        } else if preview.rows.isEmpty {
            view.showStatus(L("The file has no rows under its first line."), isError: true)
        } else {
            var text = LN("{count} row shown, as it will be imported.", "{count} rows shown, as they will be imported.", preview.rows.count)
                .filling(["count": String(preview.rows.count)])
            let skipped = preview.rows.filter { preview.problem(of: $0) != nil }.count
            if skipped > 0 {
                text +=
                    " "
                    + LN("{count} of them will be skipped (see Problem).", "{count} of them will be skipped (see Problem).", skipped)
                    .filling(["count": String(skipped)])
            }
            if preview.columns[.age] == nil { text += " " + L("The ages will be unknown: no column holds them.") }
            view.showStatus(text, isError: false)
        }
        view.setImportable(preview.problem == nil && missing.isEmpty && !preview.rows.isEmpty)
    }
}
