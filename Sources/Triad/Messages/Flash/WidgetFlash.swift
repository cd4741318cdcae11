import GtkKit

/// While the Messages pane is open, a widget whose text a view update set flashes, as GTK
/// Inspector and React DevTools show what re-rendered: on the note page with the flipside window
/// open, the main window's label lights up as the observer reaches it. The colour comes from the
/// theme (Resources/style.css: `.view-update-flash`, then `.view-update-fading`).
@MainActor
final class WidgetFlash {
    /// A lit widget's two timers (lit, then fading) and its handler of `destroy`.
    @MainActor
    private struct Timers {
        let lit = Debouncer(milliseconds: 600)
        let fade = Debouncer(milliseconds: 500)
        var destroyed: SignalConnection?
    }

    /// The widgets lit or fading. One whose window closes meanwhile is forgotten as it is
    /// destroyed: a destroyed widget is not to be touched, not even to fade.
    private var timers: [Widget: Timers] = [:]
    /// The pane's own widgets are not flashed.
    private var pane: Widget?

    /// Flashes each widget a view update touches (MessagesRecorder tells it), except those
    /// inside `pane` (the pane's own).
    func start(ignoringInside pane: Widget) { self.pane = pane }

    func stop() {
        pane = nil
        for widget in timers.keys { done(widget) }
    }

    isolated deinit { stop() }

    /// Lights `widget` (again, if it is lit: the time starts over), then lets it fade.
    func flash(_ widget: Widget) {
        guard let pane, !widget.isInside(pane) else { return }
        let timers =
            self.timers[widget]
            ?? {
                var made = Timers()
                made.destroyed = widget.on(.destroy) { [weak self] in self?.forget(widget) }
                self.timers[widget] = made
                return made
            }()
        timers.fade.cancel()
        widget.setStyleClass("view-update-fading", false)
        widget.setStyleClass("view-update-flash", true)
        // The timers' callbacks find them through this object: holding them would make a cycle.
        timers.lit.schedule { [weak self] in self?.fade(widget) }
    }

    private func fade(_ widget: Widget) {
        widget.setStyleClass("view-update-fading", true)  // its transition fades the colour out
        widget.setStyleClass("view-update-flash", false)
        timers[widget]?.fade.schedule { [weak self] in self?.done(widget) }
    }

    private func done(_ widget: Widget) {
        guard forget(widget) else { return }
        widget.setStyleClass("view-update-flash", false)
        widget.setStyleClass("view-update-fading", false)
    }

    /// Stops `widget`'s timers and its handler of `destroy`; false if it was not lit.
    @discardableResult
    private func forget(_ widget: Widget) -> Bool {
        guard let timers = timers.removeValue(forKey: widget) else { return false }
        timers.lit.cancel()
        timers.fade.cancel()
        timers.destroyed?.disconnect()
        return true
    }
}
