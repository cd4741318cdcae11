import GtkKit
import TriadModel

/// Seed 004's `FlipsideViewController`: hands each edit (`textChanged`) to the shared model
/// through the window's `NoteDraft`, which publishes it now or when the window closes.
@MainActor
final class FlipsideViewController {
    private let view: FlipsideView
    private let draft: NoteDraft
    /// Told when the window has closed, with the update mode it ended with.
    var onClose: (@MainActor (NoteUpdateMode) -> Void)?

    init(model: NoteModel, mode: NoteUpdateMode, over window: Window) {
        draft = NoteDraft(model: model, mode: mode)
        view = FlipsideView(over: window, text: draft.initialText, updateAsYouType: mode == .asYouType)
        // Target-action: the text's edits, the switch and the window's end.
        view.buffer.on(.changed, target: self, action: FlipsideViewController.textChanged)
        view.modeSwitch.on(.notify("active"), target: self, action: FlipsideViewController.modeChanged)
        view.window.on(.destroy, target: self, action: FlipsideViewController.closed)
    }

    func present() { view.present() }

    /// The seed's `textChanged`: the draft publishes now or on close, as the mode says.
    private func textChanged() { draft.textChanged(view.text) }

    private func modeChanged() { draft.mode = view.updatesAsYouType ? .asYouType : .onClose }

    private func closed() {
        draft.close()
        onClose?(draft.mode)
    }
}
