// expect: error: value of type 'Label' has no member 'placeholder'
// Properties are typed per class too: a label has text, but no placeholder to show when empty.
import GtkKit

@MainActor
func fill(_ label: Label) {
    label.text = "Sum"
    label.placeholder = "Nothing yet"
}
