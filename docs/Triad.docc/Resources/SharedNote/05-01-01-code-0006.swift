import TriadModel

/// Seed 004's main view controller: it shows the note, and observes the model to show each new
/// text. It never sees the flipside's view.
@MainActor
final class NoteViewController {
    let view = NoteView()
    private let model: NoteModel
    /// The observation of the model's text: kept here, it lasts as long as this controller.
    private var observation: ObservationToken?

    init(model: NoteModel) {
        self.model = model
        view.show(note: model.text)
        observation = model.observeText { [weak self] text in self?.view.show(note: text) }
    }
}
