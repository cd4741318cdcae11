import Glibc
import GtkKit

/// With `TRIAD_PHASES` set, prints `code-shown-us=N` each time the Messages pane shows a message's
/// code: from the selection to the end of the next frame of the window showing it, so that `make
/// bench` can time it. Without it, a selection costs a branch.
@MainActor
enum CodeShownReport {
    static func measure(in pane: Widget, _ show: () -> Void) {
        guard StartupPhases.enabled else { return show() }
        let start = MainLoop.microseconds
        show()
        guard let window = pane.window else { return }
        var connection: SignalConnection?
        connection = window.on(.draw, after: true) { _ in
            print("code-shown-us=\(MainLoop.microseconds - start)")
            fflush(nil)
            connection?.disconnect()
            connection = nil
            return false
        }
    }
}
