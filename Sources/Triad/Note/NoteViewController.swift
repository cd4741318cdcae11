import GtkKit
import TriadModel

/// Seed 004's `MainViewController`: it observes the shared model's `text` and shows it. It opens
/// the flipside window but never talks to it: both know only the model.
@MainActor
final class NoteViewController: PageController {
    let view = NoteView()
    let model: NoteModel
    private let window: Window
    private var observation: ObservationToken?
    private var flipside: FlipsideViewControllerProtocol?
    /// How the Edit Note window's controller is made: its own initializer, unless another maker
    /// is given.
    typealias MakeFlipside = @MainActor (NoteModel, NoteUpdateMode, Window) -> FlipsideViewControllerProtocol
    private let makeFlipside: MakeFlipside

    init(model: NoteModel, window: Window, makeFlipside: @escaping MakeFlipside = FlipsideViewController.init) {
        self.model = model
        self.window = window
        self.makeFlipside = makeFlipside
        view.show(note: model.text)
        // The Observer pattern: the model calls back with each new value.
        observation = model.observeText { [weak self] text in
            self?.view.show(note: text)
        }
        // The model stores the note by itself (NoteSaver.swift) and tells how it goes.
        model.saveStateChanged = weakly(self, NoteViewController.saveStateChanged)
        // Target-action: Edit… opens the flipside window.
        view.editButton.on(.clicked, target: self, action: NoteViewController.openFlipside)
    }

    var root: Widget { view.root }
    var defaultButton: Button? { view.editButton }

    private func openFlipside() {
        if let flipside { return flipside.present() }
        let controller = makeFlipside(model, model.updateMode, window)
        controller.onClose = { [weak self] mode in
            self?.flipside = nil  // releases the flipside's controller
            self?.remember(mode)
        }
        flipside = controller
        controller.present()
    }

    /// The flipside's "Update as I type" choice, kept for the next time it opens.
    private func remember(_ mode: NoteUpdateMode) {
        model.rememberUpdateMode(mode) { [weak self] error in
            guard let error else { return }
            self?.view.showStatus(error.explained(L("The choice of when the note updates was not remembered.")))
        }
    }

    /// A line under the note: "Saving…" while the store is busy, nothing once the note is
    /// stored, or why it was not (the model tries again).
    private func saveStateChanged(_ state: NoteSaveState) {
        switch state {
        case .saving: view.showStatus(L("Saving…"), isError: false)
        case .saved: view.showStatus(nil)
        case .failed(let error): view.showStatus(error.explained(L("The note was not saved; its text is kept and Triad will try again.")))
        }
    }

    // MARK: Should close

    /// Closing the window stores the last edits first (switching pages does not wait: the
    /// model's autosave goes on). The window stays open, saying why, if they cannot be stored.
    func windowShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool {
        closeNowOrLater(after: model.saveBeforeClosing, proceed: proceed)
    }
}
