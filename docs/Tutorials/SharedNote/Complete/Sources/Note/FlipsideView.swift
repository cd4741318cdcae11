import GtkKit

/// Seed 004's flipside view: a window of its own, over the main one, with a text field
/// (FlipsideView.ui).
@MainActor
final class FlipsideView {
    private let builder = Builder(file: "FlipsideView.ui")
    let window: Window
    let buffer: TextBuffer

    init(over parent: Window, text: String) {
        window = builder.object("window")
        buffer = builder.object("text_view", as: TextView.self).buffer
        window.useHeaderBar()
        window.setTransient(for: parent)
        buffer.text = text
    }
}
