import GtkKit

/// Seed 004's flipside view: a window with a multi-line text field (FlipsideView.ui).
@MainActor
final class FlipsideView {
    private let builder = Builder(resource: AppInfo.ui("FlipsideView.ui"))
    let window: Window
    let buffer: TextBuffer

    init(over parent: Window, text: String, updateAsYouType: Bool) {
        window = builder.object("window")
        buffer = builder.object("text_view", as: TextView.self).buffer
        window.setTransient(for: parent)
        // Ctrl+W and Escape; the text view sees keys first, so Escape still reaches an input
        // method that is composing.
        window.installActions(Self.actions, owner: self, application: parent.application)
        buffer.text = text
    }

    /// The window's own actions (`win.*`): Ctrl+W as every window, and Escape, as a dialog.
    static var actions: [ActionEntry<FlipsideView>] {
        [
            ActionEntry("close", ["<Primary>w"], FlipsideView.close),
            ActionEntry("dismiss", ["Escape"], FlipsideView.close),
        ]
    }

    var text: String { buffer.text }

    func present() { window.present() }

    /// `win.close` and `win.dismiss`: as the title bar's close button.
    func close() { window.close() }
}
