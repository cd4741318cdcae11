import GtkKit
import TriadModel

/// The classic mistake of an observer: `FlipsideViewController` that never stops observing the
/// note. Its observer holds it strongly, and closing the window no longer drops the observation,
/// so the controller outlives its window and is still told every change; each window opened
/// and closed leaves one more. Only the observing line of `init` and the first line of
/// `closed()` differ from FlipsideViewController.swift.
@MainActor
final class StillObservingFlipsideViewController: FlipsideViewControllerProtocol {
    private let view: FlipsideView
    private let draft: NoteDraft
    private var observation: ObservationToken?
    /// True while the window shows a change the note made elsewhere: that text is the note's
    /// already, and is not handed back to it.
    private var following = false
    /// A view is never touched once its window is gone.
    private var isOpen = true
    /// Told when the window has closed, with the update mode it ended with.
    var onClose: (@MainActor (NoteUpdateMode) -> Void)?

    init(model: NoteModel, mode: NoteUpdateMode, over window: Window) {
        draft = NoteDraft(model: model, mode: mode)
        view = FlipsideView(over: window, text: draft.initialText, updateAsYouType: mode == .asYouType)
        // The Observer pattern: the window follows the note, as every view of it does.
        observation = model.observeText { text in self.noteChanged(text) }
        // Target-action: the text's edits, the switch and the window's end.
        view.buffer.on(.changed, target: self, action: StillObservingFlipsideViewController.textChanged)
        view.modeSwitch.on(.notify("active"), target: self, action: StillObservingFlipsideViewController.modeChanged)
        view.window.on(.destroy, target: self, action: StillObservingFlipsideViewController.closed)
    }

    func present() { view.present() }

    /// The seed's `textChanged`: the draft publishes now or on close, as the mode says.
    private func textChanged() {
        if !following { draft.textChanged(view.text) }
    }

    /// The note changed elsewhere: shown here, unless this window holds edits it has not
    /// published yet.
    private func noteChanged(_ text: String) {
        guard isOpen, draft.mode == .asYouType, view.text != text else { return }
        following = true
        view.buffer.text = text
        following = false
    }

    private func modeChanged() { draft.mode = view.updatesAsYouType ? .asYouType : .onClose }

    private func closed() {
        isOpen = false
        draft.close()
        onClose?(draft.mode)
    }
}
