import TriadModel

/// Seed 004's `Model`: the note's text. One instance is shared by the main view and the
/// flipside, which never know each other: both know the model.
@MainActor
final class NoteModel {
    private let observers = ObserverList<String>(name: "note.text")

    /// The note. Each change tells every observer, once, with the new text.
    var text: String {
        didSet {
            guard text != oldValue else { return }
            observers.notify(text)
        }
    }

    init(text: String) {
        self.text = text
    }

    /// Calls `handler` with each new text, for as long as the returned token is kept.
    func observeText(_ handler: @escaping (String) -> Void) -> ObservationToken {
        observers.add(handler)
    }
}
