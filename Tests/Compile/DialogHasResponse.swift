// expect: ok
// The control for ButtonHasNoResponse.swift: the same call on a dialog compiles, and a button's
// own signal does too, so a refusal there is the type's, not a broken harness's.
import GtkKit

@MainActor
func wire(_ dialog: Dialog, _ button: Button, _ entry: Entry) {
    dialog.on(.response) { (_: Response) in }
    button.on(.clicked) {}
    entry.on(.changed) {}
}
