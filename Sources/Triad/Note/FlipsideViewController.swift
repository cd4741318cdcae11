import GtkKit
import TriadModel

/// Seed 004's `FlipsideViewController`: hands each edit (`textChanged`) to the shared model
/// through a `NoteEditor`, which publishes it now or when the window closes.
@MainActor
class FlipsideViewController {
    private let view: FlipsideView
    private let editor: NoteEditor
    /// Told when the window has closed, with the update mode it ended with.
    var onClose: (@MainActor (NoteUpdateMode) -> Void)?

    init(model: NoteModel, mode: NoteUpdateMode, parent: WidgetPointer) {
        editor = NoteEditor(model: model, mode: mode)
        view = FlipsideView(parent: parent, text: editor.initialText, updateAsYouType: mode == .asYouType)
        // Target-action: the text's edits, the switch and the window's end.
        view.buffer.on(.changed, target: self, action: FlipsideViewController.textChanged)
        view.modeSwitch.on(.notify("active"), target: self, action: FlipsideViewController.modeChanged)
        view.window.on(.destroy, target: self, action: FlipsideViewController.closed)
    }

    func present() { view.present() }

    /// The seed's `textChanged`: the editor publishes now or on close, as the mode says.
    private func textChanged() { editor.textChanged(view.text) }

    private func modeChanged() { editor.mode = view.updatesAsYouType ? .asYouType : .onClose }

    private func closed() {
        editor.close()
        onClose?(editor.mode)
    }
}
