import CGtk

// A slider as an accessible value: a screen reader reads its name and value and sets the value,
// the keys move it by a step or a page, and the pointer drags it. Made vertical, with the lower
// end at the bottom and the part from the bottom to the slider filled (`hasOrigin`), it is a bar
// of a bar chart that a person can grab by its top.
//
// A person's move arrives as `.changeValue` before the slider moves: a handler that returns
// true keeps it where it is, so that a controller can hand the move to its model and set the
// value the model then holds (the view never moves itself). An assistive technology's new value
// skips that signal (GTK sets the adjustment directly): it arrives as `.valueChanged` alone.

extension Scale {
    /// A new slider over `lower`…`upper` whose keys move it by `step` (arrows) and `page` (Page
    /// Up and Down). Vertical ones grow upwards: the lower end is at the bottom.
    @MainActor public init(vertical: Bool, lower: Double, upper: Double, step: Double, page: Double) {
        let adjustment = gtk_adjustment_new(lower, lower, upper, step, page, 0)
        let scale = gtk_scale_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, adjustment)!
        self.init(unchecked: ObjectPointer(scale))
        if vertical { gtk_range_set_inverted(range, 1) }
    }

    private var range: UnsafeMutablePointer<GtkRange> { pointer.typed() }
    private var gtkScale: UnsafeMutablePointer<GtkScale> { pointer.typed() }

    /// Where the slider is. Setting it is a view update (the watcher hears of it), and emits
    /// `.valueChanged` but never `.changeValue`.
    @MainActor public var value: Double {
        get { gtk_range_get_value(range) }
        nonmutating set {
            gtk_range_set_value(range, newValue)
            for watcher in Watching.watchers { watcher.widgetUpdated(widget) }
        }
    }

    /// The two ends; the value is brought inside them.
    @MainActor public var bounds: ClosedRange<Double> {
        get {
            let adjustment = gtk_range_get_adjustment(range)
            return gtk_adjustment_get_lower(adjustment)...gtk_adjustment_get_upper(adjustment)
        }
        nonmutating set { gtk_range_set_range(range, newValue.lowerBound, newValue.upperBound) }
    }

    /// Whether the part between the lower end and the slider is filled (a bar, a volume level).
    @MainActor public var hasOrigin: Bool {
        get { gtk_scale_get_has_origin(gtkScale) != 0 }
        nonmutating set { gtk_scale_set_has_origin(gtkScale, gbool(newValue)) }
    }

    /// Whether the scale writes its value beside the slider.
    @MainActor public var drawsValue: Bool {
        get { gtk_scale_get_draw_value(gtkScale) != 0 }
        nonmutating set { gtk_scale_set_draw_value(gtkScale, gbool(newValue)) }
    }

    /// Values are rounded to this many decimals, as the pointer moves the slider and as the
    /// scale shows them (0: whole numbers).
    @MainActor public var digits: Int {
        get { Int(gtk_scale_get_digits(gtkScale)) }
        nonmutating set {
            gtk_scale_set_digits(gtkScale, gint(newValue))
            gtk_range_set_round_digits(range, gint(newValue))
        }
    }
}

/// How a person moved a slider (`.changeValue`).
public enum RangeChange: Equatable, Sendable {
    /// By a step (an arrow key): +1 towards the upper end, -1 towards the lower.
    case stepped(Int)
    /// By a page (Page Up, Page Down): +1 or -1.
    case paged(Int)
    /// To a value: a click or a drag with the pointer, the wheel, Home or End.
    case moved(to: Double)
}

/// The signal a person's move of a slider emits before it moves (GtkRange's `change-value`, whose
/// C handler takes a scroll type and a double, a shape of its own).
public struct RangeChangeSignal: Sendable {
    let name = "change-value"
    public static var changeValue: RangeChangeSignal { RangeChangeSignal() }
}

extension Scale {
    /// `signal` calls `action` on `target` (held weakly) with the move; the action returns true
    /// to keep the slider where it is (it will set the value itself), false to let it move.
    @MainActor @discardableResult
    public func on<Target: AnyObject>(
        _ signal: RangeChangeSignal, target: Target, action: @escaping @MainActor (Target) -> (RangeChange) -> Bool,
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> SignalConnection {
        let call = TargetCall(
            Signal<Scale, RangeChange, Bool>(signal.name, carriesArgument: true) { _ in .stepped(0) }, target,
            SourceSite(file, line, column))
        let scale = self
        let handler: @MainActor (Int32, Double) -> Bool = { [weak target] scroll, value in
            guard let target else { return false }
            let change = Self.change(scroll: scroll, value: value, current: scale.value)
            return call.run(target) { action(target)(change) }
        }
        typealias Handler = @MainActor (Int32, Double) -> Bool
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, Double, UnsafeMutableRawPointer?) -> gboolean = {
            _, scroll, value, data in
            let box = ClosureBox<Handler>.from(data)
            return MainActor.assumeIsolated { gbool(box.function(scroll, value)) }
        }
        let box = ClosureBox<Handler>(handler).retainedPointer()
        let id = g_signal_connect_data(
            pointer.raw, signal.name, unsafeBitCast(trampoline, to: GCallback.self), box, releaseBox, GConnectFlags(0))
        if id == 0 { ClosureBoxBase.release(box) }
        return SignalConnection(instance: pointer.raw, handlerID: id)
    }

    /// GTK's scroll type and new value as a move. Steps and pages by a key name their direction
    /// (forward is towards the upper end); a step at an end, whose new value is the old one,
    /// still says which way the person pressed.
    static func change(scroll: Int32, value: Double, current: Double) -> RangeChange {
        let direction = value > current ? 1 : value < current ? -1 : 0
        switch UInt32(bitPattern: scroll) {
        case GTK_SCROLL_STEP_FORWARD.rawValue: return .stepped(1)
        case GTK_SCROLL_STEP_BACKWARD.rawValue: return .stepped(-1)
        case GTK_SCROLL_PAGE_FORWARD.rawValue: return .paged(1)
        case GTK_SCROLL_PAGE_BACKWARD.rawValue: return .paged(-1)
        case GTK_SCROLL_STEP_UP.rawValue, GTK_SCROLL_STEP_DOWN.rawValue, GTK_SCROLL_STEP_LEFT.rawValue,
            GTK_SCROLL_STEP_RIGHT.rawValue:
            return direction == 0 ? .moved(to: value) : .stepped(direction)
        case GTK_SCROLL_PAGE_UP.rawValue, GTK_SCROLL_PAGE_DOWN.rawValue, GTK_SCROLL_PAGE_LEFT.rawValue,
            GTK_SCROLL_PAGE_RIGHT.rawValue:
            return direction == 0 ? .moved(to: value) : .paged(direction)
        default: return .moved(to: value)
        }
    }
}
