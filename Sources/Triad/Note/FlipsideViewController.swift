import GtkKit
import TriadModel

/// Seed 004's `FlipsideViewController`: forwards each edit (`textChanged`) to the model through
/// a `NoteEditor`, which publishes now or when the window closes.
@MainActor
final class FlipsideViewController {
    private let view: FlipsideView
    private let editor: NoteEditor
    var onClose: (@MainActor (NoteUpdateMode) -> Void)?

    init(model: NoteModel, mode: NoteUpdateMode, parent: WidgetPointer) throws(BuilderError) {
        editor = NoteEditor(model: model, mode: mode)
        view = try FlipsideView(parent: parent, text: editor.initialText, updateAsYouType: mode == .asYouType)
        view.onTextChanged = forward(to: self, FlipsideViewController.textChanged) { "textChanged(\($0.count) characters)" }
        view.onModeChanged = forward(to: self, FlipsideViewController.modeChanged) { "modeChanged(asYouType: \($0))" }
        view.onClosed = forward(to: self, FlipsideViewController.closed) { "closed()" }
        LifetimeReport.created("flipside-controllers")
    }

    /// The seed's `textChanged`: the editor publishes now or on close, as the mode says.
    private func textChanged(_ text: String) { editor.textChanged(text) }
    private func modeChanged(_ asYouType: Bool) { editor.mode = asYouType ? .asYouType : .onClose }

    private func closed() {
        editor.close()
        onClose?(editor.mode)
    }

    func present() { view.present() }

    isolated deinit { LifetimeReport.released("flipside-controllers") }
}
