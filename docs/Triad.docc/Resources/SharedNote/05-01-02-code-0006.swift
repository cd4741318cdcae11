import GtkKit

/// Seed 004's flipside view: a window with a multi-line text field and the switch that says when
/// the note updates (FlipsideView.ui).
@MainActor
final class FlipsideView {
    private let builder = Builder(resource: AppInfo.ui("FlipsideView.ui"))
    let window: Window
    let buffer: TextBuffer
    let modeSwitch: Switch

    init(over parent: Window, text: String, updateAsYouType: Bool) {
        window = builder.object("window")
        buffer = builder.object("text_view", as: TextView.self).buffer
        modeSwitch = builder.object("mode_switch")
        window.setTransient(for: parent)
        // Ctrl+W and Escape; the text view sees keys first, so Escape still reaches an input
        // method that is composing.
        window.installActions(Self.actions, owner: self, application: parent.application)
        buffer.text = text
        modeSwitch.isActive = updateAsYouType
    }

    /// The window's own actions (`win.*`): Ctrl+W as every window, and Escape, as a dialog.
    static var actions: [ActionEntry<FlipsideView>] {
        [
            ActionEntry("close", ["<Primary>w"], FlipsideView.close),
            ActionEntry("dismiss", ["Escape"], FlipsideView.close),
        ]
    }

    var text: String { buffer.text }

    var updatesAsYouType: Bool { modeSwitch.isActive }

    func present() { window.present() }

    /// `win.close` and `win.dismiss`: as the title bar's close button.
    func close() { window.close() }
}
