// expect: error: contextual member reference to static property 'response' requires 'Self' constraint
// A button answers no dialog: GtkKit declares `.response` only for what responds (a dialog, an
// info bar, a file chooser), so connecting it on a button does not compile.
import GtkKit

@MainActor
func wire(_ button: Button) {
    button.on(.response) { _ in }
}
