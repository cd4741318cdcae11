import TriadModel

/// Seed 004's main view controller: it shows the note, and observes the model to show each new
/// text. It never sees the flipside's view.
@MainActor
final class NoteViewController {
    let view = NoteView()
    private let model: NoteModel
    /// The observation of the model's text: kept here, it lasts as long as this controller.
    private var observation: ObservationToken?
    /// The flipside's controller, while its window is open.
    private var flipside: FlipsideViewController?

    init(model: NoteModel) {
        self.model = model
        view.show(note: model.text)
        observation = model.observeText { [weak self] text in self?.view.show(note: text) }
        view.editButton.on(.clicked, target: self, action: NoteViewController.editPressed)
    }

    /// Opens the flipside over this window, on the same model, or brings it to the front.
    private func editPressed() {
        guard let window = view.root.window else { return }
        if flipside == nil {
            let controller = FlipsideViewController(model: model, over: window)
            controller.onClose = { [weak self] in self?.flipside = nil }
            flipside = controller
        }
        flipside?.present()
    }
}
