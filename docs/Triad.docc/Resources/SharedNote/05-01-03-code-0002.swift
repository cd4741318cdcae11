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
    private var flipside: FlipsideViewController?

    init(model: NoteModel, window: Window) {
        self.model = model
        self.window = window
        view.show(note: model.text)
        // Key-value observing: the model calls back with each new value.
        observation = model.observeText { [weak self] text in
            self?.view.show(note: text)
        }
        // Target-action: Edit… opens the flipside window.
        view.editButton.on(.clicked, target: self, action: NoteViewController.openFlipside)
    }

    var root: Widget { view.root }
    var defaultButton: Button? { view.editButton }

    private func openFlipside() {
        if let flipside { return flipside.present() }
        let controller = FlipsideViewController(model: model, mode: model.updateMode, over: window)
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
}
