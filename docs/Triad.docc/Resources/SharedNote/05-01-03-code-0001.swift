import GtkKit
import TriadModel

/// Seed 004's `MainViewController`: it observes the shared model's `text` and shows it.
@MainActor
final class NoteViewController: PageController {
    let view = NoteView()
    let model: NoteModel
    private let window: Window
    private var observation: ObservationToken?

    init(model: NoteModel, window: Window) {
        self.model = model
        self.window = window
        view.show(note: model.text)
        // Key-value observing: the model calls back with each new value.
        observation = model.observeText { [weak self] text in
            self?.view.show(note: text)
        }
    }

    var root: Widget { view.root }
    var defaultButton: Button? { view.editButton }
}
