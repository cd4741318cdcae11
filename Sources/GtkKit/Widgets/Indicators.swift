import CGtk

// Widgets that show a state or a quantity (busy, a level, progress) and the ones a person
// slides, and choosers of one item from a list.

/// Turns while something is under way.
public struct Spinner: WidgetProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_spinner_get_type() }

    /// Whether it turns.
    @MainActor public var isSpinning: Bool {
        get { booleanProperty(gobject, "active") }
        nonmutating set { if newValue { gtk_spinner_start(pointer.typed()) } else { gtk_spinner_stop(pointer.typed()) } }
    }
}

/// A value shown as filled blocks (the strength of a new password).
public struct LevelBar: WidgetProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_level_bar_get_type() }

    /// A new level bar from 0 to 1.
    @MainActor public init() { self.init(unchecked: ObjectPointer(gtk_level_bar_new())) }

    /// The level, between the bar's bounds.
    @MainActor public var value: Double {
        get { gtk_level_bar_get_value(pointer.typed()) }
        nonmutating set { gtk_level_bar_set_value(pointer.typed(), newValue) }
    }

    /// The steps the theme colours: the blocks up to `low` look weak, up to `high` fair, up to
    /// `full` strong.
    @MainActor public func setSteps(low: Double, high: Double, full: Double) {
        gtk_level_bar_add_offset_value(pointer.typed(), GTK_LEVEL_BAR_OFFSET_LOW, low)
        gtk_level_bar_add_offset_value(pointer.typed(), GTK_LEVEL_BAR_OFFSET_HIGH, high)
        gtk_level_bar_add_offset_value(pointer.typed(), GTK_LEVEL_BAR_OFFSET_FULL, full)
    }
}

/// How far a long task has come.
public struct ProgressBar: WidgetProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_progress_bar_get_type() }

    /// 0 to 1.
    @MainActor public var fraction: Double {
        get { gtk_progress_bar_get_fraction(pointer.typed()) }
        nonmutating set { gtk_progress_bar_set_fraction(pointer.typed(), newValue) }
    }
}

/// A value between bounds, with a step and a page: what a scrollbar or a slider moves.
public protocol AdjustmentProtocol: ObjectHandle {}

/// A value between bounds (GtkAdjustment): a scrollbar's position, a slider's value.
public struct Adjustment: AdjustmentProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_adjustment_get_type() }

    /// The value, between the bounds.
    @MainActor public var value: Double {
        get { gtk_adjustment_get_value(pointer.typed()) }
        nonmutating set { gtk_adjustment_set_value(pointer.typed(), newValue) }
    }

    /// Sets every bound at once (one `changed` for all of them).
    @MainActor public func configure(value: Double, lower: Double, upper: Double, step: Double, page: Double, pageSize: Double) {
        gtk_adjustment_configure(pointer.typed(), value, lower, upper, step, page, pageSize)
    }
}

/// A scrollbar or a slider: GtkRange and its subclasses.
public protocol RangeProtocol: WidgetProtocol {}

extension RangeProtocol {
    /// The value it shows and moves.
    @MainActor public var adjustment: Adjustment { Adjustment(unchecked: ObjectPointer(gtk_range_get_adjustment(pointer.typed()))) }
}

/// A scrollbar (GtkScrollbar).
public struct Scrollbar: RangeProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_scrollbar_get_type() }
}

/// A slider: an accessible value (a screen reader reads and sets it).
public struct Scale: RangeProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_scale_get_type() }
}

/// A combo box of text items, of which one is chosen.
public protocol ComboBoxProtocol: WidgetProtocol {}

/// A combo box of text items (GtkComboBoxText).
public struct ComboBoxText: ComboBoxProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_combo_box_text_get_type() }

    /// Replaces the items with `items`, `selected` chosen.
    @MainActor public func setItems(_ items: [String], selected: Int) {
        gtk_combo_box_text_remove_all(pointer.typed())
        for item in items { gtk_combo_box_text_append_text(pointer.typed(), item) }
        selectedIndex = selected
    }

    /// The chosen item's place (-1 when none is).
    @MainActor public var selectedIndex: Int {
        get { Int(gtk_combo_box_get_active(pointer.typed())) }
        nonmutating set { gtk_combo_box_set_active(pointer.typed(), gint(newValue)) }
    }

    /// Lets the chosen item be cut short with an ellipsis when room is short. GTK makes a combo
    /// box at least as wide as its longest item, so one long item can make a whole row, and the
    /// window holding it, wider than the screen.
    @MainActor public func ellipsizesItems() {
        let cells = gtk_cell_layout_get_cells(OpaquePointer(pointer.raw))
        defer { g_list_free(cells) }
        var node = cells
        while let current = node {
            if let renderer = current.pointee.data {
                var value = GValue()
                g_value_init(&value, pango_ellipsize_mode_get_type())
                g_value_set_enum(&value, gint(PANGO_ELLIPSIZE_END.rawValue))
                g_object_set_property(renderer.assumingMemoryBound(to: GObject.self), "ellipsize", &value)
                g_value_unset(&value)
            }
            node = current.pointee.next
        }
    }
}

/// A boolean GObject property (`g_object_get` is variadic, so out of Swift's reach).
@MainActor func booleanProperty(_ object: UnsafeMutablePointer<GObject>, _ name: String) -> Bool {
    var value = GValue()
    g_value_init(&value, booleanType)
    defer { g_value_unset(&value) }
    g_object_get_property(object, name, &value)
    return g_value_get_boolean(&value) != 0
}

/// Sets a boolean GObject property.
@MainActor func setBooleanProperty(_ object: UnsafeMutablePointer<GObject>, _ name: String, _ newValue: Bool) {
    var value = GValue()
    g_value_init(&value, booleanType)
    defer { g_value_unset(&value) }
    g_value_set_boolean(&value, gbool(newValue))
    g_object_set_property(object, name, &value)
}

/// G_TYPE_STRING, G_TYPE_BOOLEAN, G_TYPE_INT and G_TYPE_INT64, macros in C.
let stringType = GType(16 << G_TYPE_FUNDAMENTAL_SHIFT)
let booleanType = GType(5 << G_TYPE_FUNDAMENTAL_SHIFT)
let intType = GType(6 << G_TYPE_FUNDAMENTAL_SHIFT)
let int64Type = GType(10 << G_TYPE_FUNDAMENTAL_SHIFT)
