import GtkKit
import TriadModel

/// The adder's widgets (AdderView.ui), the same for its three patterns: two number fields, Add,
/// the sum and the error. Each pattern's view (MVC/, MVP/, MVVM/) wires them its own way; this
/// only finds them and shows a sum or an error.
@MainActor
final class AdderWidgets {
    private let builder = Builder(resource: AppInfo.ui("AdderView.ui"))
    let root: Widget
    let addButton: Button
    let firstEntry: Entry
    let secondEntry: Entry
    private let sumLabel: Label

    init() {
        root = builder.object("root")
        addButton = builder.object("add_button")
        firstEntry = builder.object("first_entry")
        secondEntry = builder.object("second_entry")
        sumLabel = builder.object("sum_label")
    }

    func showSum(_ text: String) {
        sumLabel.text = text
        // A sum can be selected and copied; the dash shown before the first one cannot.
        sumLabel.isSelectable = text != "–"
    }
}
