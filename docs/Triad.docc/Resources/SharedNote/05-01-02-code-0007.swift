import GtkKit

/// Seed 004's `FlipsideViewController`: it hands each edit to the shared model. It knows the
/// model, not the main view.
@MainActor
final class FlipsideViewController {
    private let view: FlipsideView
    private let model: NoteModel
    /// Told when the window has closed.
    var onClose: (() -> Void)?

    init(model: NoteModel, over parent: Window) {
        self.model = model
        view = FlipsideView(over: parent, text: model.text)
        // Target-action: each edit of the text, and the window's end.
        view.buffer.on(.changed, target: self, action: FlipsideViewController.textChanged)
        view.window.on(.destroy, target: self, action: FlipsideViewController.closed)
    }

    func present() { view.window.present() }

    /// The seed's `textChanged`: the edit goes to the shared model, whose observers show it.
    private func textChanged() { model.text = view.buffer.text }

    private func closed() { onClose?() }
}
