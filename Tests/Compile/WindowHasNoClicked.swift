// expect: error: contextual member reference to static property 'clicked' requires 'Self' constraint
// A window is no button: `.clicked` is declared for buttons and their subclasses only.
import GtkKit

@MainActor
func wire(_ window: Window) {
    window.on(.clicked) {}
}
