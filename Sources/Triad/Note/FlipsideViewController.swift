import GtkKit
import TriadModel

/// Seed 004's `FlipsideViewController`: forwards each edit (`textChanged`) to the model through
/// a `NoteEditor`, which publishes now or when the window closes.
@MainActor
final class FlipsideViewController {
    private let view: FlipsideView
    private let editor: NoteEditor
    var onClose: (@MainActor (NoteUpdateMode) -> Void)?

    init(model: NoteModel, mode: NoteUpdateMode, parent: WidgetPointer) throws(BuilderError) {
        editor = NoteEditor(model: model, mode: mode)
        view = try FlipsideView(parent: parent, text: editor.initialText, updateAsYouType: mode == .asYouType)
        view.onTextChanged = { [weak self] text in self?.editor.textChanged(text) }
        view.onModeChanged = { [weak self] asYouType in self?.editor.mode = asYouType ? .asYouType : .onClose }
        view.onClosed = { [weak self] in
            guard let self else { return }
            self.editor.close()
            self.onClose?(self.editor.mode)
        }
        LifetimeReport.created("flipside-controllers")
    }

    func present() { view.present() }

    isolated deinit { LifetimeReport.released("flipside-controllers") }
}
