import GtkKit
import TriadModel

/// Seed 004's `MainViewController`: observes the shared model's `text` and shows it. It opens the
/// flipside but never talks to it: both only know the model.
@MainActor
final class NoteViewController: PageController {
    private let view: NoteView
    private let model: NoteModel
    private let store: Store
    private let window: WidgetPointer
    private var observation: ObservationToken?
    private var flipside: FlipsideViewController?
    private let autosave = Debouncer(milliseconds: 500)

    init(context: PageContext) throws(BuilderError) {
        view = try NoteView()
        model = context.services.note
        store = context.services.store
        window = context.window
        view.show(note: model.text)
        // Key-value observing: the model calls back with each new value.
        observation = model.observeText { [weak self] text in
            self?.view.show(note: text)
            self?.autosave.schedule { [weak self] in self?.save() }
        }
        view.onEdit = weakly(self, NoteViewController.openFlipside)
    }

    var root: WidgetPointer { view.root }
    var defaultButton: WidgetPointer? { view.editButton }

    private func openFlipside() {
        if let flipside {
            flipside.present()
            return
        }
        let mode = NoteUpdateMode(rawValue: store.setting("note.updateMode") ?? "") ?? .asYouType
        do {
            let controller = try FlipsideViewController(model: model, mode: mode, parent: window)
            controller.onClose = { [weak self] mode in
                self?.flipside = nil  // releases the flipside's controller
                try? self?.store.setSetting("note.updateMode", mode.rawValue)
            }
            flipside = controller
            controller.present()
        } catch {
            view.showError("\(error)")
        }
    }

    private func save() {
        do {
            try model.save()
            view.showError(nil)
        } catch let error as StoreError {
            view.showError(error.userMessage)
        } catch {
            view.showError("\(error)")
        }
    }
}
