import GtkKit
import TriadModel

/// Seed 004's `MainViewController`: it observes the shared model's `text` and shows it. It opens
/// the flipside window but never talks to it: both know only the model.
@MainActor
final class NoteViewController: PageController {
    let view = NoteView()
    let model: NoteModel
    private let store: Store
    private let window: Window
    private var observation: ObservationToken?
    private var flipside: FlipsideViewController?
    private let autosave = Debouncer(milliseconds: 500)
    /// After a failed save the note tries again on its own (the page has no Save button).
    private let retry = Debouncer(milliseconds: 5_000)
    private let savingNotice = Debouncer(milliseconds: 300)

    init(model: NoteModel, store: Store, window: Window) {
        self.model = model
        self.store = store
        self.window = window
        view.show(note: model.text)
        // Key-value observing: the model calls back with each new value.
        observation = model.observeText { [weak self] text in
            self?.view.show(note: text)
            self?.autosave.schedule { [weak self] in self?.save() }
        }
        // Target-action: Edit… opens the flipside window.
        view.editButton.on(.clicked, target: self, action: NoteViewController.openFlipside)
    }

    var root: Widget { view.root }
    var defaultButton: Button? { view.editButton }

    private func openFlipside() {
        if let flipside { return flipside.present() }
        let mode = NoteUpdateMode(rawValue: store.setting("note.updateMode") ?? "") ?? .asYouType
        let controller = FlipsideViewController(model: model, mode: mode, over: window)
        controller.onClose = { [weak self] mode in
            self?.flipside = nil  // releases the flipside's controller
            self?.remember(mode)
        }
        flipside = controller
        controller.present()
    }

    /// The flipside's "Update as I type" choice, kept for the next time it opens.
    private func remember(_ mode: NoteUpdateMode) {
        store.writes.write(
            { database in try Store.setSetting("note.updateMode", mode.rawValue, in: database) },
            then: { [weak self] error in
                guard let error else { return }
                self?.view.showStatus(error.explained(L("The choice of when the note updates was not remembered.")))
            })
    }

    private func save() { save(then: {}) }

    /// Stores the note; `stored` runs once it is in the store. While another program holds the
    /// file the page says "Saving…"; a failure is shown, the text stays, and a retry is scheduled.
    private func save(then stored: @escaping @MainActor () -> Void) {
        retry.cancel()
        // "Saving…" only when the store takes long enough to notice (another program holds it).
        savingNotice.schedule { [weak self] in self?.view.showStatus(L("Saving…"), isError: false) }
        model.save { [weak self] error in
            guard let self else { return }
            self.savingNotice.cancel()
            guard let error else {
                self.view.showStatus(nil)
                return stored()
            }
            self.view.showStatus(error.explained(L("The note was not saved; its text is kept and Triad will try again.")))
            self.retry.schedule { [weak self] in self?.save() }
        }
    }

    // MARK: Should close

    /// Closing the window stores the last edits first (switching pages does not wait: the
    /// autosave goes on). The window stays open, saying why, if they cannot be stored.
    func windowShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool {
        guard model.hasUnsavedChanges else { return true }
        autosave.cancel()
        // Stored at once (the usual case): close now. Otherwise close when the store answers.
        final class Answer { var atOnce = false, later = false }
        let answer = Answer()
        save(then: { if answer.later { proceed() } else { answer.atOnce = true } })
        answer.later = !answer.atOnce
        return answer.atOnce
    }
}
