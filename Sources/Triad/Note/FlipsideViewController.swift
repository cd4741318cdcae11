import GtkKit
import TriadModel

/// What the note page asks of the Edit Note window's controller: to show its window, and to be
/// told when it has closed. A protocol, as for the other parts a page is given.
@MainActor
protocol FlipsideViewControllerProtocol: AnyObject {
    var onClose: (@MainActor (NoteUpdateMode) -> Void)? { get set }
    func present()
}

/// Seed 004's `FlipsideViewController`: hands each edit (`textChanged`) to the shared model
/// through the window's `NoteDraft`, which publishes it now or when the window closes. It
/// observes the note while its window is open, and stops when the window closes.
@MainActor
final class FlipsideViewController: FlipsideViewControllerProtocol {
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
        observation = model.observeText { [weak self] text in self?.noteChanged(text) }
        // Target-action: the text's edits, the switch and the window's end.
        view.buffer.on(.changed, target: self, action: FlipsideViewController.textChanged)
        view.modeSwitch.on(.notify("active"), target: self, action: FlipsideViewController.modeChanged)
        view.window.on(.destroy, target: self, action: FlipsideViewController.closed)
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
        observation = nil  // stop observing: the window is gone
        isOpen = false
        draft.close()
        onClose?(draft.mode)
    }
}
