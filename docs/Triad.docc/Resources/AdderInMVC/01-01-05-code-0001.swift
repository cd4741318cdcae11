import GtkKit
import TriadModel

/// Seed 001's `CustomViewDelegate`: class-bound, so that the view can hold its delegate weakly
/// (the controller owns the view; a strong reference back would be a cycle).
@MainActor
protocol AdderViewDelegate: AnyObject {
    /// The user asked for the sum of these two texts (the seed's `setTotalVal(_:_:)`).
    func setTotalVal(_ first: String, _ second: String)
    /// What to show for that request (the seed's `getTotalVal()`).
    func getTotalVal() -> AdderView.Display
}

/// Seed 001's `CustomView`: two number fields, an Add button and the sum (the widgets of
/// AdderView.ui). It knows nothing of the model: it tells its delegate what was typed and shows
/// what the delegate answers.
@MainActor
final class AdderView {
    enum Display {
        case total(String)
        case failure(message: String, field: AdderField?)
    }

    weak var delegate: AdderViewDelegate?
    let widgets = AdderWidgets()
}
